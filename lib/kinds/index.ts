// One home per kind (lib/kinds/README.md): `import { KINDS } from "@/lib/kinds"`.
export { KINDS, KindRegistry } from "./registry";
export {
  accessAttributes,
  accessDenial,
  accessNeeds,
  apiPrefix,
  isReadNeed,
  needsAccess,
  qualifiedResource,
  streamNamespace,
} from "./api";
export type { AccessAnswer } from "./api";
export { printerCell, printerRow, selectPath } from "./printer";
export type { AccessNeed, CacheShape, KindHome, PrinterColumn, ReadSpec, StrategyShape, WriteSpec } from "./types";
