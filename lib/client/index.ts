// The browser data layer in one import: `import { useClusterStream, useResourceList } from "@/lib/client"`.
export * from "../k8s/wire";
export { resourceKeys, clusterKeys } from "./keys";
export { applyStreamEvent, initialListState, markDisconnected, objectKey, type ResourceListState } from "./reducer";
export { apiFetch, ApiError, isApiErrorBody } from "./api";
export {
  resourceListOptions,
  useResourceList,
  clustersOptions,
  useClusters,
  type ResourceList,
  type ClustersResult,
} from "./queries";
export { useClusterStream, type ClusterStreamOptions } from "./stream";
export { streamUrl, parseStreamMessage } from "./events";
