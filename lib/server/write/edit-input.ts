import "server-only";
import { isObject, type Choice, type Conflict, type JsonObject } from "@/lib/patch";
import type { ApiErrorBody, EditFailure, WireConflict } from "@/lib/k8s/wire";
import { httpErrors } from "../errors";

/** The editor's POST body, validated: bad input is a 400 naming the field to fix. */
export interface EditInput {
  base: JsonObject;
  mine: JsonObject;
  choices: Record<string, Choice>;
  preview: boolean;
  dryRun: boolean;
  expectBody?: string;
}

const CHOICES = new Set(["mine", "theirs", "base"]);

export function parseEditInput(raw: unknown): EditInput {
  if (!isObject(raw)) throw httpErrors.badRequest("body must be a JSON object { base, mine, … }");
  const { base, mine, choices, preview, dryRun, expectBody } = raw;
  if (!isObject(base) || !isObject(mine)) throw httpErrors.badRequest("base and mine must be objects", "base");
  if (choices !== undefined && (!isObject(choices) || Object.values(choices).some((c) => !CHOICES.has(String(c))))) {
    throw httpErrors.badRequest("choices must map fields to mine, theirs or base", "choices");
  }
  if (expectBody !== undefined && typeof expectBody !== "string")
    throw httpErrors.badRequest("expectBody must be a string", "expectBody");
  return {
    base,
    mine,
    choices: (choices ?? {}) as Record<string, Choice>,
    preview: preview === true,
    dryRun: dryRun === true,
    expectBody,
  };
}

export const wireConflict = (c: Conflict): WireConflict => ({
  field: c.field,
  ...(c.base !== undefined ? { base: c.base } : {}),
  ...(c.mine !== undefined ? { mine: c.mine } : {}),
  ...(c.theirs !== undefined ? { theirs: c.theirs } : {}),
});

const FAILURES: Record<number, EditFailure["kind"]> = { 403: "denied", 404: "deleted", 422: "invalid" };

/** A cluster refusal the editor acts on, named (its HTTP status stays the Status code); others stay errors. */
export function editFailure(body: ApiErrorBody): EditFailure | null {
  const kind = FAILURES[body.code];
  return kind ? { kind, ...body } : null;
}
