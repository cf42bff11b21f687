# edgrid: see README.md. `make run` is the main job, `make test` the test command.
GO ?= go
BIN := bin/edgrid
# The version --version prints, for builds without a VCS stamp
# (GOFLAGS=-buildvcs=false, a tree without .git).
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo devel)
LDFLAGS := -X main.buildVersion=$(VERSION)
# On amd64 the binaries are built with Go's SIMD package (GOEXPERIMENT=simd):
# the scan then takes its families' bit vectors eight words at a time on
# CPUs with AVX-512 (chosen at run time; scan/words_simd.go). A plain
# `go build` gives the same answers a little slower.
SIMD := $(if $(filter amd64,$(shell $(GO) env GOARCH)),GOEXPERIMENT=simd)

.PHONY: build man test test-long results-pairs bench bench-report bench-bulk lint run generate tables rate-table testdata-parts dist python python-lib test-python bench-python

build:
	$(SIMD) $(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/edgrid

# Man pages, one per command, into man/ (edgrid man DIR).
man: build
	$(BIN) man man

# The README's test command; CI runs exactly this, then test-long.
test: lint
	$(GO) test -short ./...
	$(SIMD) $(GO) test -short ./scan
	@$(MAKE) --no-print-directory test-python

# The checks too slow for every edit: whole bands against docs/design/method.md's
# counts, all brute-force minlex cases, every group candidate decided again,
# every puzzle ID of the shared sets, fuzzing. About 12 minutes on 2 cores.
# serve's load test runs alone, after the rest: it prints its speeds against
# the targets and holds the memory bound. Its speed targets are held only by
# hand (EDGRID_LOAD_STRICT=1, docs/guide/api.md), on an idle machine: a
# throughput that a busy machine can miss is no check for CI.
# Fuzzing budgets are counts of inputs (about 10-15 s each here), not times:
# Go 1.26's fuzzer can fail at the end of a -fuzztime duration with nothing
# found (golang/go#75804, fixed in Go 1.27).
test-long:
	$(GO) test -count=1 -timeout 30m -skip '^TestLoad$$' ./...
	$(GO) test -count=1 -run '^TestLoad$$' -v ./serve
	$(GO) test -run XXX -fuzz '^FuzzParse$$' -fuzztime 1000000x ./canon
	$(GO) test -run XXX -fuzz '^FuzzRead$$' -fuzztime 500000x ./cells
	$(GO) test -run XXX -fuzz '^FuzzInputs$$' -fuzztime 20000x ./serve
	$(GO) test -run XXX -fuzz '^FuzzParams$$' -fuzztime 200000x ./serve
	$(GO) test -run XXX -fuzz '^FuzzBatch$$' -fuzztime 30000x ./serve
	$(GO) test -run XXX -fuzz '^FuzzMinlex$$' -fuzztime 500000x ./canon
	$(GO) test -run XXX -fuzz '^FuzzGroupOf$$' -fuzztime 500000x ./band
	$(GO) test -run XXX -fuzz '^FuzzGroupKey$$' -fuzztime 50000x ./enumerate
	$(GO) test -run XXX -fuzz '^FuzzCodecs$$' -fuzztime 15000x ./storage
	$(GO) test -run XXX -fuzz '^FuzzDecode$$' -fuzztime 500000x ./storage
	$(GO) test -run XXX -fuzz '^FuzzGridArgs$$' -fuzztime 10000x ./storage
	$(GO) test -run XXX -fuzz '^FuzzReadFiles$$' -fuzztime 30000x ./jobs
	$(GO) test -run XXX -fuzz '^FuzzRank$$' -fuzztime 5000x ./rank
	$(GO) test -run XXX -fuzz '^FuzzParsePuzzle$$' -fuzztime 1000000x ./solve
	$(GO) test -run XXX -fuzz '^FuzzParseRules$$' -fuzztime 500000x ./solve
	$(GO) test -run XXX -fuzz '^FuzzFast$$' -fuzztime 50000x ./solve
	$(GO) test -run XXX -fuzz '^FuzzEngines$$' -fuzztime 20000x ./solve

bench:
	$(GO) test -run XXX -bench . -benchtime 2s ./...

# The rows of docs/benchmarks.md's first table, measured on this machine
# (about 10 minutes; nothing else should run meanwhile).
bench-report:
	@GO=$(GO) docs/bench/bench-report.sh

# The bulk-answering rows of docs/benchmarks.md (one small band, with and
# without a catalog of it; about two minutes, no full catalog built).
bench-bulk:
	@GO=$(GO) docs/bench/bulk-bench.sh

# Static binaries for nodes without Go or network: dist/edgrid-linux-amd64
# and dist/edgrid-linux-arm64 (no cgo, embedded tables included).
dist:
	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 GOEXPERIMENT=simd $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o dist/edgrid-linux-amd64 ./cmd/edgrid
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o dist/edgrid-linux-arm64 ./cmd/edgrid

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(SIMD) $(GO) vet ./scan

# Every generated Go file: dlx/run.go, enumerate/search_gen.go and
# query/intercalates_gen.go from their templates, canon's band forms
# (derived from scratch), band's group table (every one of the 4,160
# candidates searched: about 6 minutes on 2 cores). The tests of
# internal/gen check that the committed files are what these give.
generate:
	$(GO) generate ./...

# docs/results/pairs.json, the essentially different bands 1+2 of every
# band form, which band's and cmd/edgrid's tests read (about 5 minutes on 2
# cores; docs/results/pairs.md).
results-pairs: build
	out=docs/results/pairs.json; $(BIN) bands --pairs --json --quiet > $$out.part && mv $$out.part $$out

# The result directories of cmd/edgrid/testdata/parts, which its tests merge
# and resume to show that parts written before stay readable: a query's
# statistics, a query's grid lines and a scan, over groups 3540-3541, and
# what their merges print. Remade only when the part format changes.
PARTS := cmd/edgrid/testdata/parts
testdata-parts: build
	rm -rf $(PARTS) && mkdir -p $(PARTS)
	$(BIN) query --groups 3540-3541 --inv autos,ua4 --out $(PARTS)/query-stats > /dev/null
	$(BIN) query merge --json $(PARTS)/query-stats > $(PARTS)/query-stats.json
	$(BIN) query --groups 3540-3541 --where 'autos > 1' --number --order groups --out $(PARTS)/query-lines > /dev/null
	$(BIN) query merge $(PARTS)/query-lines > $(PARTS)/query-lines.out
	$(BIN) scan --clues 25 --all --first --groups 3540-3541 --out $(PARTS)/scan > /dev/null
	$(BIN) scan merge $(PARTS)/scan > $(PARTS)/scan.out
	$(BIN) scan merge --json $(PARTS)/scan > $(PARTS)/scan.json
	rm -f $(PARTS)/*/.edgrid-run.lock

# The embedded rank tables: tables.bin and paper.bin from the directory of a
# full run (CATALOG=DIR, edgrid run --out DIR; about an hour on 2 cores), and
# split.bin from the enumerator and timings on this machine. rank's tests
# check the committed tables against a catalog when EDGRID_CATALOG is set,
# and against groups enumerated afresh otherwise.
CATALOG ?=
# rate/testdata/ratings.gz: the rating of every puzzle of the shared sets,
# which rate's tests hold every faster rater to.
rate-table:
	$(GO) test -count=1 -run '^TestRatingsTable$$' ./rate -update

tables:
	@test -n "$(CATALOG)" || { echo "make tables CATALOG=DIR: DIR is a full run (edgrid run --out DIR)"; exit 2; }
	EDGRID_CATALOG=$(CATALOG) $(GO) test ./rank -run '^TestGenerated' -generate -count=1 -timeout 3h -v

# The main job: a resumable run of first band 1's ten groups into ./catalog
# (docs/design/method.md: 1,007,170 grids), a full check of the files, a summary. Run it
# again, or interrupt it and run it again: it resumes.
RUN_GROUPS ?= 1-10
run: build
	$(BIN) run --catalog catalog --groups $(RUN_GROUPS)
	$(BIN) catalog verify catalog
	@$(BIN) status --catalog catalog --groups $(RUN_GROUPS) --short

# The Python package (python/, docs in python/README.md). PYTHON is Debian's
# interpreter, whose NumPy (python3-numpy) the package uses.
PYTHON ?= /usr/bin/python3
PYLIB := python/edgrid/native/libedgrid.so
PYVENV ?= .venv

# libedgrid.so, the c-shared build of cmd/capi/, in place in python/edgrid/native
# (a directory without __init__.py, so pydoc lists no module for it) for the
# tests and for running from the checkout (PYTHONPATH=python); with SIMD as
# the CLI, so edgrid.scan runs as fast as edgrid scan (setup.py does the same).
python-lib:
	$(SIMD) $(GO) build -buildmode=c-shared -o $(PYLIB) ./cmd/capi
	@rm -f $(PYLIB:.so=.h)

# The Python tests, against bin/edgrid's answers on the same inputs. NumPy is
# required, not optional: a machine without it fails here.
test-python: build python-lib
	@$(PYTHON) -c 'import numpy' 2>/dev/null || { echo "test-python: $(PYTHON) has no NumPy: apt-get install python3-numpy"; exit 1; }
	cd python && EDGRID_CLI=$(CURDIR)/$(BIN) $(PYTHON) -m unittest discover -s tests

# pip install ./python into the virtual environment PYVENV (created if needed,
# seeing Debian's NumPy), without network: setup.py builds libedgrid.so with Go
# (python/ has no pyproject.toml, so pip uses the installed setuptools).
python:
	@test -x $(PYVENV)/bin/python || $(PYTHON) -m venv --system-site-packages $(PYVENV)
	$(PYVENV)/bin/pip install --no-index ./python
	@echo "edgrid installed in $(PYVENV): $(PYVENV)/bin/python -c 'import edgrid'"

# The Python speed targets next to the Go library's rates on the same inputs
# and cores (python/benchmarks/speed.py; nothing else should run meanwhile).
bench-python: build python-lib
	cd python && $(PYTHON) benchmarks/speed.py
