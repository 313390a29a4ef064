import { z } from "zod";
import { MAX_ID, tooLong } from "../limits.ts";

/**
 * The path parameters of a route, by name: `pathParams("profile", "delivery")`. Each is a string of at most `MAX_ID`
 * characters (C42); what it must look like beyond that is the use case's business (a miss is a 404).
 */
export function pathParams<const K extends string>(...names: K[]) {
  const segment = z.string().max(MAX_ID, tooLong(MAX_ID));
  return z.object(Object.fromEntries(names.map((name) => [name, segment])) as Record<K, typeof segment>);
}
