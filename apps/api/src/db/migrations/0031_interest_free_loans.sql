-- Issue 33: interest free loans. Written by hand; the drizzle snapshot is regenerated when the issue lands.
SELECT 1;
