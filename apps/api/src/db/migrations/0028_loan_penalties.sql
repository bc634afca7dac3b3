-- Issue 33: loan penalties. Written by hand; the drizzle snapshot is regenerated when the issue lands.
SELECT 1;
