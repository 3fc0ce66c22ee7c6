import {
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that HTML in the browser, true afterwards
 * (useSyncExternalStore reads the server snapshot during hydration).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

const HYDRATING = { data: undefined, error: null, isPending: true, status: "pending" } as const;

/**
 * useQuery for data only the browser fetches. While a part of the page hydrates it reads as pending, as the server
 * rendered it: a page's parts hydrate one Suspense boundary after another, and a query the first part started may
 * already have its answer when a later part hydrates; rendering that answer then would not match the server's HTML
 * (React error 418, the part thrown away and drawn again).
 */
export function useClientQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const q = useQuery(options);
  return useHydrated() ? q : ({ ...q, ...HYDRATING } as UseQueryResult<TData, TError>);
}
