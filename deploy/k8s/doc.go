// Package k8s holds the Kubernetes manifests that enumerate the catalog on a
// cluster (enumerate-job.yaml, an Indexed Job with one pod per group;
// verify-job.yaml; catalog-pvc.yaml, the shared volume) and run a query over
// ranges of groups (query-job.yaml, query-merge-job.yaml), and the tests
// that check their structure. It has no Go code of its own; see
// deploy/README.md.
package k8s
