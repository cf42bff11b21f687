// Package jobs runs the enumeration of many groups into a catalog directory
// so that no work is lost and no wrong file is left behind, whatever stops
// the run: a signal, kill -9, a full disk or a power cut.
//
// A run holds an exclusive lock on the directory, deletes stray temporary
// files, checks every finished group file against the manifest (size and
// CRC-64 of the whole file), redoes what is missing or damaged, and writes
// each group file atomically (storage writes a temporary file, syncs it,
// renames it and syncs the directory) before appending the group's line to
// the manifest and syncing that. A group is finished only when both the
// file and its manifest line are on disk; a crash between the two leaves an
// unrecorded file, which the next run verifies grid by grid and adopts, as
// it does the files cluster jobs write (edgrid enumerate --catalog DIR).
//
// The machinery is one for every kind of per-group result: RunDir runs a
// Kind (a catalog, a query's parts, any other kind that says how its files
// are named, made and checked) and SurveyDir reports on one; Run and
// RunParts are the catalog and parts kinds. docs/design/resultdirs.md describes
// the directory and its manifest.
package jobs
