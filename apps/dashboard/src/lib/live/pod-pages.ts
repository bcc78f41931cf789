// How a workload page reads its pods: a small first page so cells appear at once, then the rest in
// pages as large as the API serves (Workload.pods takes up to 5,000), so a 5,000-pod workload loads in
// two round trips and a 10,000-pod one in three.
export const FIRST_PAGE = 500;
export const PAGE = 5000;

export function pageSize(pagesRead: number): number {
  return pagesRead === 0 ? FIRST_PAGE : PAGE;
}
