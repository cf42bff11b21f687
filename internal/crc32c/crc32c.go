// Package crc32c is the CRC-32C (Castagnoli) checksum that every file edgrid
// writes carries: group files and their index, the band-table cache, run
// manifests and task files, the rank tables.
package crc32c

import (
	"hash"
	"hash/crc32"
)

var table = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the CRC-32C of b.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, table) }

// Update returns the CRC-32C of the data crc was the checksum of, followed
// by b.
func Update(crc uint32, b []byte) uint32 { return crc32.Update(crc, table, b) }

// New returns a hash computing the CRC-32C.
func New() hash.Hash32 { return crc32.New(table) }
