import "server-only";
import type { z } from "zod";
import { isObject } from "@/lib/patch/json";
import { httpErrors } from "../errors";

/**
 * A write's body, checked by its schema (lib/contract/bodies.ts): the typed intent, or a 400 whose `details.field`
 * names what to fix (`value`, `base.generation`, `moves.pods`). `shape` says what the body should look like.
 */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown, shape: string): z.output<S> {
  if (!isObject(raw)) throw httpErrors.badRequest(`the body must be a JSON object ${shape}`);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.filter((p): p is string => typeof p === "string").join(".");
  throw httpErrors.badRequest(issue.message, field || undefined);
}
