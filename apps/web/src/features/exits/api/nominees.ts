import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NomineesAnswer, NomineesInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { exitKeys } from './exit-query-keys.ts';

/** Whose nominees: the signed-in member's own (null) or a member's, read by an officer. */
function nomineesPath(userId: string | null): string {
  return userId === null ? '/api/account/nominees' : `/api/members/${encodeURIComponent(userId)}/nominees`;
}

function keyOf(userId: string | null) {
  return userId === null ? exitKeys.myNominees : exitKeys.memberNominees(userId);
}

/** GET …/nominees: the list as saved, and when. */
export function useNominees(userId: string | null) {
  return useQuery({ queryKey: keyOf(userId), queryFn: ({ signal }) => apiRequest<NomineesAnswer>(nomineesPath(userId), { signal }) });
}

/** PUT …/nominees: the whole list replaced (an empty list clears it). */
export function useSaveNominees(userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NomineesInput) => apiRequest<NomineesAnswer>(nomineesPath(userId), { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(keyOf(userId), saved),
    onSettled: () => client.invalidateQueries({ queryKey: exitKeys.all }),
  });
}
