# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_feedlint_global_optspecs
    string join \n format= q/quiet color= j/jobs= api-key= db= lock-timeout= h/help V/version
end

function __fish_feedlint_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_feedlint_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_feedlint_using_subcommand
    set -l cmd (__fish_feedlint_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c feedlint -n "__fish_feedlint_needs_command" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_needs_command" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_needs_command" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_needs_command" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_needs_command" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_needs_command" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_needs_command" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_needs_command" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "validate" -d 'Validate products against the GMC rules: compliance %, optimisation score, priority'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "batch" -d 'Validate a batch of products and show what to fix first (spec 4.2)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "gtin" -d 'Validate GTINs (spec 2.5): check digit, format, GS1 prefix, 18 fake-pattern detectors'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "revenue" -d 'Estimate what a feed\'s issues cost and what fixing them earns (spec 2.6, 4.4)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "voice" -d 'Brand voice: analyse product copy against a brand\'s learned voice, manage profiles'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "categories" -d 'Describe the six categories, the 73 system fields and the tiers (spec 4.7)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "rules" -d 'List the validation rules, or explain one (`feedlint rules FL-C003`)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "convert" -d 'Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "usage" -d 'Show this month\'s usage of the API key: validations per counter, limit, remaining, cost'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "generate" -d 'Generate shell completions or man pages (for packagers)'
complete -c feedlint -n "__fish_feedlint_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l category -d 'Treat every product as this category instead of detecting it (apparel, electronics, health_beauty, automotive, home_garden, sporting_goods)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s o -l output -d 'Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format: .json, .ndjson, .csv, .sarif, .xml (JUnit)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l report -d 'Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or -o), counted once: repeat for several, e.g. `--report sarif=feedlint.sarif --report report.json`. Without FORMAT= the extension picks it, as for -o. Formats: table, json, ndjson, csv, junit, sarif, github, gitlab. Each file is put in place only when the run ends, with no colour or terminal width' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l fail-under -d 'Exit 1 when feed compliance (share of fully GMC-compliant products) is under PERCENT' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l fail-on -d 'Exit 1 when any finding is at or above this severity: critical, high, medium or low' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l baseline -d 'Compare with a previous JSON report of the same feed (from `validate` or `batch --format json`); exit 1 when compliance dropped by more than --max-drop' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l max-drop -d 'With --baseline: the compliance drop, in percentage points, still accepted [default: 0]' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l config -d 'Read this config file instead of looking for feedlint.toml in the working directory and its parents' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l select -d 'Run only these rule codes or groups, replacing feedlint.toml\'s `[rules] select`. Repeatable, comma-separated: `--select FL-P001,identity --select FL-M003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l ignore -d 'Never run these rule codes or groups (wins over any select), replacing feedlint.toml\'s `[rules] ignore`. Repeatable, comma-separated: `--ignore media,FL-C003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l extend-select -d 'Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected): `--extend-select FL-P001`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l extend-ignore -d 'Add these rule codes or groups to the ignore list of feedlint.toml or --ignore: `--extend-ignore FL-M003,inventory`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l market-intelligence -d 'Add `marketIntelligence` (detected category, confidence, category score) to each result'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l recommendations -d 'Add the top `recommendations` (highest revenue impact first) to each result'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l business-intelligence -d 'Add `businessIntelligence` (revenue at risk, payback) to each result'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s v -l verbose -d 'Table format: list every violation with file:line under the table'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l statistics -d 'Instead of one entry per product, one row per rule that fired: its findings, the products they are in and their monthly revenue impact, most findings first (table, json or csv; as ruff\'s --statistics). Gates and --report files work as without it'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l exit-zero -d 'Report failing gates on stderr but exit 0'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -l no-config -d 'Ignore any feedlint.toml'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand validate" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s o -l output -d 'Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format: .json, .sarif, .xml (JUnit)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l report -d 'Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or -o), counted once: repeat for several, e.g. `--report sarif=feedlint.sarif --report report.json`. Without FORMAT= the extension picks it, as for -o. Formats: table, json, junit, sarif, github, gitlab. Each file is put in place only when the run ends, with no colour or terminal width' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l fail-under -d 'Exit 1 when feed compliance (share of fully GMC-compliant products) is under PERCENT' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l fail-on -d 'Exit 1 when any finding is at or above this severity: critical, high, medium or low' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l baseline -d 'Compare with a previous JSON report of the same feed (from `validate` or `batch --format json`); exit 1 when compliance dropped by more than --max-drop' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l max-drop -d 'With --baseline: the compliance drop, in percentage points, still accepted [default: 0]' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l config -d 'Read this config file instead of looking for feedlint.toml in the working directory and its parents' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l select -d 'Run only these rule codes or groups, replacing feedlint.toml\'s `[rules] select`. Repeatable, comma-separated: `--select FL-P001,identity --select FL-M003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l ignore -d 'Never run these rule codes or groups (wins over any select), replacing feedlint.toml\'s `[rules] ignore`. Repeatable, comma-separated: `--ignore media,FL-C003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l extend-select -d 'Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected): `--extend-select FL-P001`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l extend-ignore -d 'Add these rule codes or groups to the ignore list of feedlint.toml or --ignore: `--extend-ignore FL-M003,inventory`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l no-market-intelligence -d 'Turn off category intelligence: no category detection-based rules (group `category`, unless feedlint.toml sets a category) and no `marketIntelligence` object (detected category, confidence, category score) per product. A JSON request body\'s `enableMarketIntelligence: false` does the same for its products'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s v -l verbose -d 'Table format: list every finding with file:line under the table'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l exit-zero -d 'Report failing gates on stderr but exit 0'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -l no-config -d 'Ignore any feedlint.toml'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand batch" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l file -d 'Read GTINs from a file, one per line (blank lines skipped); a file whose first character is `{` is read as a JSON request body instead (see --request)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l from-feed -d 'Validate the `gtin` attribute of every product of a feed (products without one are skipped); each result names the product id and line' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l request -d 'Read a JSON request body `{"gtins": [...], "options": {...}}` (spec 4.3; at most 100 GTINs). Its `options` replace the option flags below' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l pattern-detection -d 'Run the 18 fake-pattern detectors (`enablePatternDetection`) [default: true]' -r -f -a "true\t''
false\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l category -d 'Product category key (electronics, apparel, home_garden, health_beauty, sporting_goods, automotive) for the category requirement in business intelligence [default: none]' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l no-pattern-detection -d 'Turn the fake-pattern detectors off (same as --pattern-detection=false)'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l business-intelligence -d 'Add `businessIntelligence` (scores, category requirement, listing impact) to each result (`enableBusinessIntelligence`) [default: false]'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l revenue-impact -d 'Add `revenueImpact` and `priority` to each result (`includeRevenueImpact`) [default: false]'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l detailed -d 'Add `details` (digits read, canonical GTIN-14, prefix, problem, notes) to each result (`detailedAnalysis`) [default: false]'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -l exit-zero -d 'Exit 0 even when a GTIN is invalid (by default an invalid GTIN fails the gate: exit 1)'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand gtin" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l time-horizon -d 'Months the opportunity value and ROI count gains over (spec 4.4 `timeHorizon`), e.g. `6_months` or `6`; 1 to 60, default 15' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l timeframe -d 'Period of the reported amounts (spec 4.4 `timeframe`; default monthly)' -r -f -a "monthly\t''
quarterly\t''
yearly\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l analysis-type -d 'How much is reported (never the numbers): quick (1 recommendation, top 3), standard (3, top 5, default) or comprehensive (all, top 10)' -r -f -a "quick\t''
standard\t''
comprehensive\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l currency -d 'ISO 4217 currency of prices written without one (a request body\'s numeric price)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -s o -l output -d 'Write the report to FILE instead of stdout. Without --format, FILE.csv gets CSV and FILE.json JSON (a table is for a terminal); --format always wins' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l config -d 'Read this config file instead of looking for feedlint.toml in the working directory and its parents' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l select -d 'Run only these rule codes or groups, replacing feedlint.toml\'s `[rules] select`. Repeatable, comma-separated: `--select FL-P001,identity --select FL-M003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l ignore -d 'Never run these rule codes or groups (wins over any select), replacing feedlint.toml\'s `[rules] ignore`. Repeatable, comma-separated: `--ignore media,FL-C003`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l extend-select -d 'Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected): `--extend-select FL-P001`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l extend-ignore -d 'Add these rule codes or groups to the ignore list of feedlint.toml or --ignore: `--extend-ignore FL-M003,inventory`' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l no-roi -d 'Leave out the ROI fields (`includeROICalculations: false`)'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l no-priority -d 'Leave out priorities and priority opportunities (`includePriorityAssessment: false`)'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l no-payback -d 'Leave out the payback periods (`includePaybackAnalysis: false`)'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -l no-config -d 'Ignore any feedlint.toml'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand revenue" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -f -a "analyze" -d 'Analyse product copy against the brand\'s learned voice (spec 2.7); each analysis updates the brand\'s profile'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -f -a "profiles" -d 'Manage brand voice profiles (spec 2.8, 4.6)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and not __fish_seen_subcommand_from analyze profiles help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l brand -d 'Brand whose profile the texts are scored against and folded into (spec 2.7 brandName)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l title -d 'Product title (with --description)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l description -d 'Product description (with --title); 50+ words give the best results' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l category -d 'Product category (for a feed: overrides each product\'s product_type)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l context -d 'Declared voice context, e.g. "luxury" (used before the profile has learned a voice)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l request -d 'A 2.7 JSON request body: {product:{title,description,brand,category}, brandName, options} (`-` reads stdin)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l no-drift-detection -d 'Do not detect drift (spec 2.7 options.enableDriftDetection = false)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -l no-recommendations -d 'Do not produce recommendations (spec 2.7 options.includeRecommendations = false)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from analyze" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "list" -d 'List this key\'s profiles with portfolio insights (spec 2.8)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "create" -d 'Create a profile (an existing profile is an error; use `update`)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "show" -d 'Show one profile: learning analytics and performance metrics'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "update" -d 'Change a profile\'s voice context and alert settings'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "delete" -d 'Delete a profile'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "export" -d 'Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "import" -d 'Import profiles from an export file (each profile written atomically)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from profiles" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from help" -f -a "analyze" -d 'Analyse product copy against the brand\'s learned voice (spec 2.7); each analysis updates the brand\'s profile'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from help" -f -a "profiles" -d 'Manage brand voice profiles (spec 2.8, 4.6)'
complete -c feedlint -n "__fish_feedlint_using_subcommand voice; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l view -d 'How much to show (the spec\'s `format` query parameter)' -r -f -a "json\t''
summary\t''
detailed\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l tier -d 'Which tiers to describe' -r -f -a "test\t''
production\t''
all\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l category -d 'Only this category (electronics, apparel, health_beauty, automotive, home_garden, sporting_goods)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand categories" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand rules" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l to -d 'Format to write. Optional with `-o FILE` whose extension names one (.csv, .tsv, .ndjson, .jsonl, .json, .rss, .xml for RSS, .atom)' -r -f -a "csv\t'Comma-separated values with a header line'
tsv\t'Tab-separated values with a header line (GMC\'s text feed format)'
ndjson\t'One JSON product object per line'
json\t'A request body {"products": [...]}'
rss\t'RSS 2.0 with the GMC namespace'
atom\t'Atom 1.0 with the GMC namespace'"
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -s o -l output -d 'Write to FILE instead of stdout' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l input-format -d 'Read the feeds as this format instead of detecting it from the extension and content' -r -f -a "csv\t'Delimited text (delimiter sniffed from the header line)'
tsv\t'Tab-separated text'
xml\t'RSS 2.0 or Atom 1.0'
json\t'A request body {"products": [...]} or an array of products'
ndjson\t'One JSON product object per line'"
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l encoding -d 'Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l max-decompressed-size -d 'Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l stdin-filename -d 'Name stdin (`-`) NAME: reports and errors show NAME where they would show a file\'s path, and NAME\'s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file\'s would (--input-format still wins). No file NAME is read' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand convert" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand usage" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -f -a "completions" -d 'Write a completion script for SHELL to stdout'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -f -a "man" -d 'Write one man page per (sub)command into DIR'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and not __fish_seen_subcommand_from completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from completions" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -l format -d 'Output format of the report written to stdout' -r -f -a "table\t'Human-readable tables (default)'
json\t'The documented v2 JSON response shape'
ndjson\t'One JSON object per line (`validate`: one product result per line)'
csv\t'Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`: one row per product)'
junit\t'JUnit XML: one test case per product (GitLab, Jenkins, Azure)'
sarif\t'SARIF 2.1.0 for GitHub code scanning'
github\t'GitHub Actions workflow commands (annotations)'
gitlab\t'GitLab Code Quality JSON'"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -l color -d 'When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -s j -l jobs -d 'Number of worker threads for per-product work, 1 to 256 (default: one per core)' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -l api-key -d 'API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices: docs/accounts.md' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -l db -d 'Directory of the usage database (default: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)' -r -F
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -l lock-timeout -d 'Seconds to wait for another feedlint process to release the usage database' -r
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -s q -l quiet -d 'Print nothing on stderr except errors (no progress bars, no hints)'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from man" -s V -l version -d 'Print version'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "completions" -d 'Write a completion script for SHELL to stdout'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "man" -d 'Write one man page per (sub)command into DIR'
complete -c feedlint -n "__fish_feedlint_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "validate" -d 'Validate products against the GMC rules: compliance %, optimisation score, priority'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "batch" -d 'Validate a batch of products and show what to fix first (spec 4.2)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "gtin" -d 'Validate GTINs (spec 2.5): check digit, format, GS1 prefix, 18 fake-pattern detectors'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "revenue" -d 'Estimate what a feed\'s issues cost and what fixing them earns (spec 2.6, 4.4)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "voice" -d 'Brand voice: analyse product copy against a brand\'s learned voice, manage profiles'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "categories" -d 'Describe the six categories, the 73 system fields and the tiers (spec 4.7)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "rules" -d 'List the validation rules, or explain one (`feedlint rules FL-C003`)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "convert" -d 'Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "usage" -d 'Show this month\'s usage of the API key: validations per counter, limit, remaining, cost'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "generate" -d 'Generate shell completions or man pages (for packagers)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and not __fish_seen_subcommand_from validate batch gtin revenue voice categories rules convert usage generate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and __fish_seen_subcommand_from voice" -f -a "analyze" -d 'Analyse product copy against the brand\'s learned voice (spec 2.7); each analysis updates the brand\'s profile'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and __fish_seen_subcommand_from voice" -f -a "profiles" -d 'Manage brand voice profiles (spec 2.8, 4.6)'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and __fish_seen_subcommand_from generate" -f -a "completions" -d 'Write a completion script for SHELL to stdout'
complete -c feedlint -n "__fish_feedlint_using_subcommand help; and __fish_seen_subcommand_from generate" -f -a "man" -d 'Write one man page per (sub)command into DIR'
