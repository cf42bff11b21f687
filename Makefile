# edgrid: see README.md. `make run` is the main job, `make test` the test command.
GO ?= go
BIN := bin/edgrid

.PHONY: build test test-long bench lint run generate

build:
	$(GO) build -o $(BIN) ./cmd/edgrid

# The README's test command; CI runs exactly this, then test-long.
test: lint
	$(GO) test -short ./...

# The checks too slow for every edit: whole bands against method.md's counts,
# all brute-force minlex cases, fuzzing. About 5 minutes on 2 cores.
test-long:
	$(GO) test -count=1 -timeout 30m ./...
	$(GO) test -run XXX -fuzz FuzzParse -fuzztime 15s ./canon

bench:
	$(GO) test -run XXX -bench . -benchtime 2s ./...

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

generate:
	$(GO) generate ./...

# The main job: enumerate the last groups with statistics, then
# canonicalize a sample of random grids on all cores.
run: build
	$(BIN) enumerate --group 3521-3541 --stats
	$(BIN) random -n 100000 --seed 1 > bin/sample.txt
	time $(BIN) canon --autos < bin/sample.txt > bin/sample.minlex
	@echo "minlex forms of 100000 random grids: bin/sample.minlex"; head -3 bin/sample.minlex
