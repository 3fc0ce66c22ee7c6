import "server-only";
import { Observable, type ObservableMiddleware, type RequestContext } from "@kubernetes/client-node";
import { RawBody } from "./kube";

/**
 * A client-node middleware that puts our exact Content-Type and body on the wire (client-node 1.4.0
 * would otherwise send its default JSON-patch content type and re-serialise the body through its
 * typed models) and keeps the API server's exact response JSON. Error responses pass through so
 * client-node raises ApiException as usual.
 */
export class ExactRequest extends RawBody {
  constructor(
    private readonly contentType: string,
    private readonly body: string,
  ) {
    super();
  }

  pre(ctx: RequestContext): Observable<RequestContext> {
    ctx.setHeaderParam("Content-Type", this.contentType);
    ctx.setBody(this.body);
    return new Observable(Promise.resolve(ctx));
  }
}

type Opts = { middleware: ObservableMiddleware[]; middlewareMergeStrategy: "append" };

/** Runs one client-node call with `ExactRequest` and returns the server's JSON answer. */
export async function exactCall<T>(contentType: string, body: string, call: (o: Opts) => Promise<unknown>): Promise<T> {
  const mw = new ExactRequest(contentType, body);
  await call({ middleware: [mw], middlewareMergeStrategy: "append" });
  if (mw.text === undefined) throw new Error("client-node returned no response body");
  return JSON.parse(mw.text) as T;
}
