/**
 * Where the kruise-manager build lives: KRUISE_MANAGER_DIR, else test/setup/kruise-manager-build.sh (which needs
 * KRUISE_SOURCE_ARCHIVE and builds once, minutes the first time, then only prints the cached directory).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const REPO = path.resolve(__dirname, "../../..");
export const LANE_HINT =
  "KRUISE_SOURCE_ARCHIVE=<path to openkruise-kruise-v1.6.2.tar.gz, with vendor/> npm test -- controller";

/** The cache directory holding `kruise-manager` and the archive's `config/`. */
export async function kruiseManagerDir(): Promise<string> {
  const given = process.env.KRUISE_MANAGER_DIR;
  if (given) {
    if (!fs.existsSync(path.join(given, "kruise-manager")))
      throw new Error(`KRUISE_MANAGER_DIR=${given} holds no kruise-manager binary`);
    return given;
  }
  if (!process.env.KRUISE_SOURCE_ARCHIVE)
    throw new Error(`the real-controller lane needs the kruise source archive: run it as ${LANE_HINT}`);
  // Progress on stderr (shown), the directory as the last line of stdout.
  const child = spawn("bash", [path.join(REPO, "test/setup/kruise-manager-build.sh")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`test/setup/kruise-manager-build.sh failed (exit ${code}); its output is above`);
  const dir = stdout.trim().split("\n").pop() ?? "";
  if (!fs.existsSync(path.join(dir, "kruise-manager")))
    throw new Error(`kruise-manager build printed ${JSON.stringify(stdout)}, not its cache directory`);
  process.env.KRUISE_MANAGER_DIR = dir;
  return dir;
}
