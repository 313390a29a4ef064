import { z } from "zod";

// Runs in the browser before the screens hydrate. Zod compiles fast validators with `new Function` when it may, and
// probes for that once; the screens' Content-Security-Policy forbids evaluating strings (C45), so the probe would be
// reported as a violation. The browser validates small forms: the interpreted path is plenty.
z.config({ jitless: true });
