/**
 * Runs inside kruise-manager's own network namespace (`unshare --net --map-root-user`): brings loopback up, starts
 * the Unix-socket forwards that are the namespace's only way in and out (./bridge.ts), then runs kruise-manager and
 * exits with it. Usage: node --import tsx netns-entry.ts <plan.json> (written by ./index.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { forward, type Forward } from "./bridge";

export interface NetnsPlan {
  forwards: Forward[];
  bin: string;
  args: string[];
  env: Record<string, string>;
  /** The test process: when it is gone (even killed), kruise-manager goes too. */
  parentPid: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"; // alive, in the parent user namespace
  }
}

async function main() {
  const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as NetnsPlan;
  const up = spawnSync("ip", ["link", "set", "lo", "up"], { stdio: "inherit" });
  if (up.status !== 0)
    throw new Error("could not bring loopback up in the new network namespace (is iproute2 installed?)");
  for (const f of plan.forwards) await forward(f);
  const child = spawn(plan.bin, plan.args, { env: { ...process.env, ...plan.env }, stdio: "inherit" });
  for (const sig of ["SIGTERM", "SIGINT"] as const) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  setInterval(() => {
    if (!alive(plan.parentPid)) child.kill("SIGKILL");
  }, 1000).unref();
}

main().catch((e) => {
  console.error(`netns-entry: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
