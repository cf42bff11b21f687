// Package slurm holds the Slurm batch scripts that enumerate the catalog on
// a cluster (enumerate.sbatch, a job array with one task per group;
// verify.sbatch, the dependent check; submit.sh, which submits both) and run
// queries over ranges of groups (query.sbatch, query-merge.sbatch,
// query-submit.sh), and tests that run them against stand-ins for edgrid,
// sbatch and scontrol. It has no Go code of its own; see deploy/README.md.
package slurm
