// Pod logs (docs/architecture.md §3.5): the route behind GET …/pods/<name>/log.
export { getPodLog } from "./route";
