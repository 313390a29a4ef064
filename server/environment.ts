/** Which kind of instance this is: the shared sandbox (simulated bank and chains) or production. */
export type Environment = "sandbox" | "production";
