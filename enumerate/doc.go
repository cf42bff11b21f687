// Package enumerate holds the exact-cover (dancing links) engine and the
// enumeration of minlex grids group by group (method.md, Enumeration).
package enumerate
