# hypercast: `make run` (the default network, end to end), `make test`, `make bench`.
BUILD ?= build
JOBS  ?= 2
OUT   ?= out/default
HC     = $(BUILD)/bin/hypercast
export HYPERCAST_CACHE ?= $(CURDIR)/$(BUILD)/hc-cache

.PHONY: all deps build run run-collectives test test-slurm test-long bench formal mutate fuzz format clean cli-doc

all: build

deps:
	@bash scripts/install_deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@echo "building (log: $(BUILD)/build.log)"
	@cmake --build $(BUILD) -j $(JOBS) >$(BUILD)/build.log 2>&1 || { tail -40 $(BUILD)/build.log; exit 1; }

# The default network G^{3,2,1}_{8,6,5} (240 nodes): topology facts, generated RTL,
# then a broadcast from node 0 and a broadcast from every node at once, each
# co-simulated (Verilated RTL against the SystemC model, cycle by cycle).
run: build
	@echo "== topology"
	@$(HC) info
	@echo "== generate"
	@$(HC) generate --out $(OUT)
	@echo "== one broadcast from node 0 (cosim)"
	@$(HC) simulate --engine cosim --source 0 --trace $(OUT)/broadcast_from_0.csv
	@echo "== every node broadcasts in cycle 0 (cosim)"
	@$(HC) simulate --engine cosim --all-sources --trace $(OUT)/all_sources.csv
	@echo "== hypercube collectives: the 4-cube total exchange (Bertsekas et al., Sec. 4)"
	@$(HC) schedule --topology hypercube --dim 4 --collective total-exchange -o out/cube4_te.csv
	@$(HC) generate --topology hypercube --dim 4 --collective total-exchange --out out/cube4_te
	@$(HC) simulate --topology hypercube --dim 4 --collective total-exchange --engine cosim \
	  --trace out/cube4_te/trace.csv
	@echo "== torus collectives (Fragopoulou & Akl): MT(3,3)'s necklaces, then the MT(3,5) multinode"
	@echo "   scatter at its lower bound, wired-node RTL against the model"
	@$(HC) info --topology torus --n 3 --k 3 --necklaces
	@$(HC) simulate --topology torus --n 3 --k 5 --collective total-exchange --engine cosim
	@echo "== any topology: a BFS broadcast on the mesh 4x4x4 (store-and-forward), wired-node RTL against the model"
	@$(HC) simulate --topology mesh --dims 4,4,4 --collective broadcast --source 21 --switching store-and-forward --engine cosim
	@echo "== the mesh broadcast of Cang & Wu on the wormhole mesh 4x4x4 from the eye (1,1,1), 4-flit messages, wired tiles against the model"
	@$(HC) simulate --topology mesh --dims 4,4,4 --collective broadcast --source 1,1,1 --flits 4 --engine cosim
	@echo "== combining collectives (Faber): the accumulation on the hypercycle G^{1,1}_{4,4} and the global sum"
	@echo "   on the half-duplex 3-cube, arithmetic RTL nodes against the model on random inputs"
	@$(HC) simulate --topology hypercycle --m 4,4 --rho 1,1 --collective accumulation
	@$(HC) simulate --topology hypercube --dim 3 --collective global-sum --links half-duplex

# The hypercube collectives' schedule-ROM networks (3-cube and 4-cube, every collective).
run-collectives: build
	@for c in broadcast multinode-broadcast scatter total-exchange; do for d in 3 4; do \
	  echo "== $$c, d = $$d"; \
	  $(HC) simulate --topology hypercube --dim $$d --collective $$c --engine cosim || exit 1; \
	done; done

# ctest, then the SLURM regression test (below): the README's one test command.
test: build
	@cd $(BUILD) && ctest -j $(JOBS) -LE long --output-on-failure
	@bash scripts/slurm_test.sh $(BUILD)

# `hypercast regress slurm --submit` on a real one-node SLURM cluster started
# here (installs slurm-wlm and munge; skipped, saying why, where it cannot).
# Not a ctest case: installing and starting the daemons takes longer than a
# ctest case should; `make test` runs it after ctest, `make test-slurm` alone.
test-slurm: build
	@bash scripts/slurm_test.sh $(BUILD)

# The ctest cases labelled long (larger networks and place-and-route runs whose
# ground `make test` covers on smaller ones), then the long sweeps (heavy random
# traffic on many networks). Not part of `make test`.
test-long: build
	@cd $(BUILD) && ctest -j $(JOBS) -L long --output-on-failure
	@bash scripts/long_sweep.sh

bench: build
	@$(BUILD)/bin/hc-bench

# Every proof of formal/ (the default ctest runs the fast ones), by k-induction
# with yosys and yosys-smtbmc (z3): PASS and the depth per proof, and its mutants.
formal: build
	@HC_FORMAL_ALL=1 $(BUILD)/bin/test_formal

# Mutation testing of hw/ (docs/developer.md "Mutation testing"): MUTANTS
# mutants per module from yosys's mutate pass (seed MUTATE_SEED), each against
# the tests that instantiate the module; a table of killed and surviving
# mutants. Not part of `make test`.
MUTANTS     ?= 8
MUTATE_SEED ?= 1
mutate: build
	@$(BUILD)/bin/hc-mutate --n $(MUTANTS) --seed $(MUTATE_SEED) --work $(BUILD)/mutate

# libFuzzer over the command line and the harnesses' job files (clang, its own
# build folder build-fuzz/); FUZZ_SECONDS per target. Not part of `make test`.
FUZZ_SECONDS ?= 180
fuzz:
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD) build-fuzz out

# docs/cli.md from the command and option tables (tests/test_cli_reference.cpp checks it).
cli-doc: build
	@HC_UPDATE_DOCS=1 $(BUILD)/bin/test_cli_reference --gtest_filter=CliReference.DocsCliMdIsCurrent >/dev/null
	@echo "wrote docs/cli.md"
