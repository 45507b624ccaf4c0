// The `_servicepay` loader (issue 3 builds it).
export {};
