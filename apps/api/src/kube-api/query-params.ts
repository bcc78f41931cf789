// Query parameters read as the apiserver reads them. Its boolean parameters (watch, allowWatchBookmarks,
// orphanDependents, ...) go through apimachinery's runtime.Convert_Slice_string_To_bool: absent, "0"
// and "false" in any case are false, and every other value, the empty string of a bare `?watch`
// included, is true. Nothing is refused, so kubectl, client-go and curl users all get what a real
// cluster gives them.

/** The boolean query parameter `name`, decoded from its first value as the apiserver decodes it. */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null) return false;
  const lower = value.toLowerCase();
  return lower !== 'false' && lower !== '0';
}
