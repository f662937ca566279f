import { logToStderr } from "../logger";
import { cliProgram, runCli } from "./program";

// stdout carries the command's output (parsed by scripts with --json); logs go to stderr.
logToStderr();

await runCli(cliProgram(), process.argv);
