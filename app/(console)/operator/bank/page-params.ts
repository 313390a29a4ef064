import { isAppError } from "@/server/errors";
import { pageQuery, type PageQuery } from "@/server/bank/operator/bank-operator.schemas";

export type SearchParams = Record<string, string | string[] | undefined>;

export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The page a listing was asked for: a cursor that does not parse (an old link) shows the first page. */
export async function pageOf(params: Promise<SearchParams>): Promise<{ query: PageQuery; from?: string }> {
  const cursor = one((await params).cursor);
  const parsed = pageQuery.safeParse({ cursor });
  return parsed.success ? { query: parsed.data, from: cursor } : { query: pageQuery.parse({}), from: undefined };
}

/** Runs a listing; a cursor it refuses (not one it gave out) runs it again from the first page. */
export async function firstPageIfRefused<T>(query: PageQuery, list: (query: PageQuery) => Promise<T>): Promise<T> {
  try {
    return await list(query);
  } catch (error) {
    if (!isAppError(error) || !error.fields?.cursor) throw error;
    return list({ ...query, cursor: undefined });
  }
}
