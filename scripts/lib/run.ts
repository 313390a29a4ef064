import { spawn } from "node:child_process";

export type RunResult = { code: number; output: string };

/** Runs a command, streaming its output through while keeping a copy to read counts from. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const tee = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      target.write(chunk);
    };
    child.stdout.on("data", tee(process.stdout));
    child.stderr.on("data", tee(process.stderr));
    child.on("error", (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}
