-- Issue 33: guarantor recovery. Written by hand; the drizzle snapshot is regenerated when the issue lands.
SELECT 1;
