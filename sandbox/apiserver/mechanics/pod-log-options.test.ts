import { describe, expect, it } from "vitest";
import { DecodeError, decodePodLogOptions, kubeletQuery, validatePodLogOptions } from "./pod-log-options";

const q = (s: string) => new URLSearchParams(s);

describe("PodLogOptions from a query (apimachinery's parameter codec)", () => {
  it("booleans are false only for 0 and false; numbers are Go's ParseInt", () => {
    expect(decodePodLogOptions(q("follow=1&previous=FALSE&timestamps=yes&tailLines=%2B5"))).toEqual({
      follow: true,
      previous: false,
      timestamps: true,
      tailLines: 5,
    });
    expect(() => decodePodLogOptions(q("tailLines=ten"))).toThrow(
      new DecodeError('strconv.ParseInt: parsing "ten": invalid syntax'),
    );
    expect(() => decodePodLogOptions(q("limitBytes=9223372036854775808"))).toThrow(/value out of range/);
  });

  it("validation names the field, as ValidatePodLogOptions does", () => {
    const errs = validatePodLogOptions(decodePodLogOptions(q("tailLines=-1&limitBytes=0&sinceSeconds=0")));
    expect(errs.map((e) => [e.field, e.detail])).toEqual([
      ["tailLines", "must be greater than or equal to 0"],
      ["limitBytes", "must be greater than 0"],
      ["sinceSeconds", "must be greater than 0"],
    ]);
    const both = validatePodLogOptions(decodePodLogOptions(q("sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z")));
    expect(both).toEqual([expect.objectContaining({ type: "FieldValueForbidden" })]);
  });

  it("the kubelet is asked only what is set, keys in order", () => {
    expect(kubeletQuery(decodePodLogOptions(q("timestamps=true&tailLines=3&follow=true&container=app")))).toBe(
      "?follow=true&tailLines=3&timestamps=true",
    );
    expect(kubeletQuery(decodePodLogOptions(q("")))).toBe("");
  });
});
