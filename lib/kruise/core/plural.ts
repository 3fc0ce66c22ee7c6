// English number agreement for the text the domain writes (previews, view models, notes).

/** A count with its noun in the right number: plural(1, "pod") = "1 pod", plural(3, "pod") = "3 pods". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The verb that agrees with a count: verb(1, "stays", "stay") = "stays", verb(3, "stays", "stay") = "stay". */
export function verb(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
