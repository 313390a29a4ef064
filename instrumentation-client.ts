import { validateWithoutEval } from "@/components/layout/zod-without-eval";

// Runs in the browser before the screens hydrate: zod must not probe for `new Function` under the screens'
// Content-Security-Policy (C45). The browser validates small forms: the interpreted path is plenty.
validateWithoutEval();
