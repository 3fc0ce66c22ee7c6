/**
 * The token-mode instance's second cluster: another sandbox with its OWN users (same names, other
 * tokens), as context `prod` beside the demo sandbox's contexts. A token one cluster accepts means
 * nothing to the other: each asks for its own sign-in.
 */
import path from "node:path";
import { E2E_KUBECONFIG } from "./paths";

export const PROD = "prod";
export const PROD_ADMIN_TOKEN = "e2e-prod-admin-token";
export const PROD_VIEWER_TOKEN = "e2e-prod-viewer-token";

/** The second sandbox's users file (sandbox/users.yaml format). */
export const PROD_USERS = {
  users: [
    { name: "admin", token: PROD_ADMIN_TOKEN, groups: ["system:masters"] },
    {
      name: "viewer",
      token: PROD_VIEWER_TOKEN,
      rules: [{ verbs: ["get", "list", "watch"], apiGroups: ["*"], resources: ["*"], exceptResources: ["secrets"] }],
    },
  ],
  groups: [
    {
      name: "system:masters",
      rules: [{ verbs: ["*"], apiGroups: ["*"], resources: ["*"], nonResourceURLs: ["*"] }],
    },
  ],
};

const dir = path.dirname(E2E_KUBECONFIG);
/** where serve.ts writes the second sandbox's users file and kubeconfig, and the token instance's merged one */
export const PROD_USERS_FILE = path.join(dir, "prod-users.yaml");
export const PROD_KUBECONFIG = path.join(dir, "prod-kubeconfig");
export const SHARED_KUBECONFIG = path.join(dir, "shared-kubeconfig");
