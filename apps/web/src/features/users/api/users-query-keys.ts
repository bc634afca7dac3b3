import type { UserListQuery } from '@kobo/core';

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
};
