// A whole list from the API's cursor paging (Relay connections): the list pages show every item.

export interface ConnectionPage<N> {
  edges: { node: N }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** Every node of a connection, asking for each page after the cursor the last one ended at. */
export async function allPages<N>(page: (after: string | null) => Promise<ConnectionPage<N>>): Promise<N[]> {
  const all: N[] = [];
  let after: string | null = null;
  do {
    const connection: ConnectionPage<N> = await page(after);
    all.push(...connection.edges.map((e) => e.node));
    after = connection.pageInfo.hasNextPage ? (connection.pageInfo.endCursor ?? null) : null;
  } while (after);
  return all;
}
