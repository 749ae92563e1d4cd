"""Regenerate the generated part of docs/pricing.md from the pricing formula and the bundled catalogue.

    python docs/make_price_list.py          # rewrite docs/pricing.md between its markers
    python docs/make_price_list.py --check  # exit 1 (and change nothing) if it is out of date

Run it after changing officers_chess/rules/pieces/pricing.py or officers_chess/catalogue/v0.6.yaml.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from officers_chess.content.loaders import load_catalogue
from officers_chess.commands.price_report import pricing_doc_section, splice_doc

DOC = HERE / "pricing.md"


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    updated = splice_doc(text, pricing_doc_section(load_catalogue("v0.6")))
    if "--check" in argv:
        if updated != text:
            print(f"{DOC} is out of date: run python docs/make_price_list.py", file=sys.stderr)
            return 1
        print(f"{DOC} is up to date")
        return 0
    DOC.write_text(updated, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
