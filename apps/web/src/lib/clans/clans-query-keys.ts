/** Query keys of clans (issue 34): the list and each clan. */
export const clansKeys = {
  all: ['clans'] as const,
  list: (paging: { offset: number; limit: number }) => ['clans', 'list', paging] as const,
  detail: (id: number) => ['clans', 'detail', id] as const,
};
