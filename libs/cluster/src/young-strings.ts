// V8 allocates a string longer than 128 KB straight into the old generation's large-object space, where
// it stays until a full collection, however briefly it is used. Text built in bulk and dropped soon after
// (watch batches between threads, a commit's rows for the database) is therefore cut into strings below
// that size, which die young: at thousands of pod changes a second, single strings per batch and per
// commit held over half a gigabyte of the cluster worker's heap between its full collections.

/** Characters per string for such text; 96 KB even when every character takes two bytes. */
export const YOUNG_STRING_CHARS = 48 * 1024;
