// Image naming for the fake container runtime: stable digests, failure knobs.
import { fnv1a_32, utf8 } from "@/lib/kruise/revision/gojson";

export function splitImage(image: string): { repo: string; tag: string } {
  const at = image.indexOf("@");
  const base = at >= 0 ? image.slice(0, at) : image;
  const slash = base.lastIndexOf("/"),
    colon = base.lastIndexOf(":");
  const hasTag = colon > slash;
  return { repo: hasTag ? base.slice(0, colon) : base, tag: hasTag ? base.slice(colon + 1) : "latest" };
}

/** docker.io/library/nginx for "nginx", docker.io/foo/bar for "foo/bar". */
export function fullRepo(repo: string): string {
  const parts = repo.split("/");
  if (parts.length === 1) return `docker.io/library/${repo}`;
  if (!parts[0].includes(".") && !parts[0].includes(":") && parts[0] !== "localhost") return `docker.io/${repo}`;
  return repo;
}

/**
 * A stable sha256-looking digest per image. Tags that differ only by a leading "v" ("1.25" and
 * "v1.25") are the same image, so they share a digest — two tags, one imageID.
 */
export function imageDigest(image: string): string {
  const { repo, tag } = splitImage(image);
  const canonical = `${fullRepo(repo)}:${tag.replace(/^v(?=\d)/, "")}`;
  let hex = "";
  for (let i = 0; hex.length < 64; i++)
    hex += fnv1a_32(utf8(`${canonical}#${i}`))
      .toString(16)
      .padStart(8, "0");
  return `sha256:${hex.slice(0, 64)}`;
}

export function imageID(image: string): string {
  return `docker-pullable://${fullRepo(splitImage(image).repo)}@${imageDigest(image)}`;
}

export const isBadImage = (image: string) => splitImage(image).tag.includes("bad");
export const isCrashImage = (image: string) => splitImage(image).tag.includes("crash");

export function pullErrorMessage(image: string): string {
  const { repo, tag } = splitImage(image);
  const ref = `${fullRepo(repo)}:${tag}`;
  return `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`;
}
