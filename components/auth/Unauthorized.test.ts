import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Unauthorized } from "./Unauthorized";

const render = (mode: "local" | "token" | "proxy", code: number, message: string) =>
  renderToStaticMarkup(createElement(Unauthorized, { mode, code, message }));

describe("the page shown to a request the console cannot put a name to", () => {
  it("in proxy mode says the console must be reached through the auth proxy, with the server's reason", () => {
    const html = render("proxy", 401, "proxy mode: the auth proxy sent no X-Remote-User header");
    expect(html).toContain("401 · This console must be reached through the auth proxy");
    expect(html).toContain("the auth proxy sent no X-Remote-User header");
  });
  it("in proxy mode names a refused identity (a refused group) as refused, not as a missing proxy", () => {
    const html = render("proxy", 403, 'proxy mode: group "system:masters" is refused by this console');
    expect(html).toContain("403 · The auth proxy&#x27;s user is refused here");
    expect(html).not.toContain("must be reached through the auth proxy");
  });
  it("in local mode reached over the network says it only serves this machine", () => {
    expect(render("local", 403, "local mode serves loopback only")).toContain(
      "403 · This console only serves this machine",
    );
  });
  it("shows a hostile reason as text", () => {
    const html = render("proxy", 401, "<img src=x onerror=alert(1)>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
