import { importDrivesSettled } from "../bank/import/after-import.ts";
import { closeDriverLocks } from "../chains/driver-locks.ts";

/**
 * For the `after` hook of a test file that drives the chain queue: waits for the drives a bank import started in the
 * background, then ends this process's driver-lock connection. A drive still running would open that connection
 * again after it closed, and it must be closed before `setUpTestInstance` drops the file's database. Where the file
 * imported nothing there is nothing to wait for, and it only closes the connection.
 */
export async function tearDownDrivers(): Promise<void> {
  await importDrivesSettled();
  await closeDriverLocks();
}
