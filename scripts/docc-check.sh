#!/usr/bin/env bash
# Builds every module's DocC catalogue with warnings as errors (`make test`): a symbol link that
# names nothing, a broken article reference or a malformed directive fails it. Symbol graphs come
# from the debug build already made (scripts/symbol-graphs.py: the modules with a catalogue only, not
# `swift package dump-symbol-graph`, which builds the benchmarks first); the archives are written
# under .build/docc and thrown away.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .build/docc && mkdir -p .build/docc
modules=$(for catalogue in Sources/*/*.docc; do basename "$catalogue" .docc; done)
graphs=.build/docc/graphs
# shellcheck disable=SC2086 # one argument a module
python3 scripts/symbol-graphs.py "$graphs" $modules
failed=()
for catalogue in Sources/*/*.docc; do
  module=$(basename "$catalogue" .docc)
  mkdir -p ".build/docc/$module-graphs"
  cp "$graphs/$module.symbols.json" ".build/docc/$module-graphs/"
  cp "$graphs/$module"@*.symbols.json ".build/docc/$module-graphs/" 2>/dev/null || true
  if ! docc convert "$catalogue" --additional-symbol-graph-dir ".build/docc/$module-graphs" \
      --fallback-display-name "$module" --fallback-bundle-identifier "receipts.$module" \
      --output-path ".build/docc/$module.doccarchive" --warnings-as-errors > ".build/docc/$module.log" 2>&1; then
    cat ".build/docc/$module.log"
    failed+=("$module")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "docc-check: the catalogues of ${failed[*]} have warnings"
  exit 1
fi
echo "docc-check: $(ls -d Sources/*/*.docc | wc -l) catalogues built without a warning"
