import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The shipped users file (dev-only tokens). */
export const DEFAULT_USERS = join(here, "..", "users.yaml");
/** CRDs installed at start (the repo is self-contained: copies of the upstream CRDs). */
export const CRD_DIR = join(here, "..", "crds");
