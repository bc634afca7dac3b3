import type { ReactNode } from 'react';
import { Box, Center, Image, Paper, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';

/** The frame of the signed-out screens: logo, heading and a card that fits a 375px phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={420}>
        <Stack gap="md">
          <Box ta="center">
            <Image src="/logo.svg" alt="Kobo" w={70} h={70} mx="auto" mb="sm" />
            <PageTitle>{title}</PageTitle>
          </Box>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
