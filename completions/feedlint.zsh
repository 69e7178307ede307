#compdef feedlint

autoload -U is-at-least

_feedlint() {
    typeset -A opt_args
    typeset -a _arguments_options
    local ret=1

    if is-at-least 5.2; then
        _arguments_options=(-s -S -C)
    else
        _arguments_options=(-s -C)
    fi

    local context curcontext="$curcontext" state line
    _arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_feedlint_commands" \
"*::: :->feedlint" \
&& ret=0
    case $state in
    (feedlint)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-command-$line[1]:"
        case $line[1] in
            (validate)
_arguments "${_arguments_options[@]}" : \
'--category=[Treat every product as this category instead of detecting it (apparel, electronics, health_beauty, automotive, home_garden, sporting_goods)]:KEY:_default' \
'-o+[Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format\: .json, .ndjson, .csv, .sarif, .xml (JUnit)]:FILE:_files' \
'--output=[Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format\: .json, .ndjson, .csv, .sarif, .xml (JUnit)]:FILE:_files' \
'*--report=[Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or -o), counted once\: repeat for several, e.g. \`--report sarif=feedlint.sarif --report report.json\`. Without FORMAT= the extension picks it, as for -o. Formats\: table, json, ndjson, csv, junit, sarif, github, gitlab. Each file is put in place only when the run ends, with no colour or terminal width]:[FORMAT=]PATH:_default' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'--fail-under=[Exit 1 when feed compliance (share of fully GMC-compliant products) is under PERCENT]:PERCENT:_default' \
'--fail-on=[Exit 1 when any finding is at or above this severity\: critical, high, medium or low]:SEVERITY:_default' \
'--baseline=[Compare with a previous JSON report of the same feed (from \`validate\` or \`batch --format json\`); exit 1 when compliance dropped by more than --max-drop]:REPORT.json:_files' \
'--max-drop=[With --baseline\: the compliance drop, in percentage points, still accepted \[default\: 0\]]:POINTS:_default' \
'(--no-config)--config=[Read this config file instead of looking for feedlint.toml in the working directory and its parents]:PATH:_files' \
'*--select=[Run only these rule codes or groups, replacing feedlint.toml'\''s \`\[rules\] select\`. Repeatable, comma-separated\: \`--select FL-P001,identity --select FL-M003\`]:CODE|GROUP:_default' \
'*--ignore=[Never run these rule codes or groups (wins over any select), replacing feedlint.toml'\''s \`\[rules\] ignore\`. Repeatable, comma-separated\: \`--ignore media,FL-C003\`]:CODE|GROUP:_default' \
'*--extend-select=[Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected)\: \`--extend-select FL-P001\`]:CODE|GROUP:_default' \
'*--extend-ignore=[Add these rule codes or groups to the ignore list of feedlint.toml or --ignore\: \`--extend-ignore FL-M003,inventory\`]:CODE|GROUP:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--market-intelligence[Add \`marketIntelligence\` (detected category, confidence, category score) to each result]' \
'--recommendations[Add the top \`recommendations\` (highest revenue impact first) to each result]' \
'--business-intelligence[Add \`businessIntelligence\` (revenue at risk, payback) to each result]' \
'-v[Table format\: list every violation with file\:line under the table]' \
'--verbose[Table format\: list every violation with file\:line under the table]' \
'(-v --verbose)--statistics[Instead of one entry per product, one row per rule that fired\: its findings, the products they are in and their monthly revenue impact, most findings first (table, json or csv; as ruff'\''s --statistics). Gates and --report files work as without it]' \
'--exit-zero[Report failing gates on stderr but exit 0]' \
'--no-config[Ignore any feedlint.toml]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::inputs -- Feed files\: CSV/TSV, RSS/Atom XML, JSON request body, JSON array or NDJSON, optionally gzip-compressed; `-` reads stdin:_files' \
&& ret=0
;;
(batch)
_arguments "${_arguments_options[@]}" : \
'-o+[Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format\: .json, .sarif, .xml (JUnit)]:FILE:_files' \
'--output=[Write the report to FILE instead of stdout, in place only when the run ends (an error leaves no partial file). Without --format, the extension picks the format\: .json, .sarif, .xml (JUnit)]:FILE:_files' \
'*--report=[Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or -o), counted once\: repeat for several, e.g. \`--report sarif=feedlint.sarif --report report.json\`. Without FORMAT= the extension picks it, as for -o. Formats\: table, json, junit, sarif, github, gitlab. Each file is put in place only when the run ends, with no colour or terminal width]:[FORMAT=]PATH:_default' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'--fail-under=[Exit 1 when feed compliance (share of fully GMC-compliant products) is under PERCENT]:PERCENT:_default' \
'--fail-on=[Exit 1 when any finding is at or above this severity\: critical, high, medium or low]:SEVERITY:_default' \
'--baseline=[Compare with a previous JSON report of the same feed (from \`validate\` or \`batch --format json\`); exit 1 when compliance dropped by more than --max-drop]:REPORT.json:_files' \
'--max-drop=[With --baseline\: the compliance drop, in percentage points, still accepted \[default\: 0\]]:POINTS:_default' \
'(--no-config)--config=[Read this config file instead of looking for feedlint.toml in the working directory and its parents]:PATH:_files' \
'*--select=[Run only these rule codes or groups, replacing feedlint.toml'\''s \`\[rules\] select\`. Repeatable, comma-separated\: \`--select FL-P001,identity --select FL-M003\`]:CODE|GROUP:_default' \
'*--ignore=[Never run these rule codes or groups (wins over any select), replacing feedlint.toml'\''s \`\[rules\] ignore\`. Repeatable, comma-separated\: \`--ignore media,FL-C003\`]:CODE|GROUP:_default' \
'*--extend-select=[Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected)\: \`--extend-select FL-P001\`]:CODE|GROUP:_default' \
'*--extend-ignore=[Add these rule codes or groups to the ignore list of feedlint.toml or --ignore\: \`--extend-ignore FL-M003,inventory\`]:CODE|GROUP:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--no-market-intelligence[Turn off category intelligence\: no category detection-based rules (group \`category\`, unless feedlint.toml sets a category) and no \`marketIntelligence\` object (detected category, confidence, category score) per product. A JSON request body'\''s \`enableMarketIntelligence\: false\` does the same for its products]' \
'-v[Table format\: list every finding with file\:line under the table]' \
'--verbose[Table format\: list every finding with file\:line under the table]' \
'--exit-zero[Report failing gates on stderr but exit 0]' \
'--no-config[Ignore any feedlint.toml]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::inputs -- Feed files\: CSV/TSV, RSS/Atom XML, JSON request body, JSON array or NDJSON, optionally gzip-compressed; `-` reads stdin:_files' \
&& ret=0
;;
(gtin)
_arguments "${_arguments_options[@]}" : \
'(--from-feed --request)--file=[Read GTINs from a file, one per line (blank lines skipped); a file whose first character is \`{\` is read as a JSON request body instead (see --request)]:FILE:_files' \
'(--request)--from-feed=[Validate the \`gtin\` attribute of every product of a feed (products without one are skipped); each result names the product id and line]:FEED:_files' \
'()--request=[Read a JSON request body \`{"gtins"\: \[...\], "options"\: {...}}\` (spec 4.3; at most 100 GTINs). Its \`options\` replace the option flags below]:FILE:_files' \
'--pattern-detection=[Run the 18 fake-pattern detectors (\`enablePatternDetection\`) \[default\: true\]]::BOOL:(true false)' \
'--category=[Product category key (electronics, apparel, home_garden, health_beauty, sporting_goods, automotive) for the category requirement in business intelligence \[default\: none\]]:KEY:_default' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--no-pattern-detection[Turn the fake-pattern detectors off (same as --pattern-detection=false)]' \
'--business-intelligence[Add \`businessIntelligence\` (scores, category requirement, listing impact) to each result (\`enableBusinessIntelligence\`) \[default\: false\]]' \
'--revenue-impact[Add \`revenueImpact\` and \`priority\` to each result (\`includeRevenueImpact\`) \[default\: false\]]' \
'--detailed[Add \`details\` (digits read, canonical GTIN-14, prefix, problem, notes) to each result (\`detailedAnalysis\`) \[default\: false\]]' \
'--exit-zero[Exit 0 even when a GTIN is invalid (by default an invalid GTIN fails the gate\: exit 1)]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::codes -- GTINs to validate (`-` alone reads stdin). Without codes, `--file`, `--from-feed` or `--request`, stdin is read\: one value per line, or a JSON request body:_default' \
&& ret=0
;;
(revenue)
_arguments "${_arguments_options[@]}" : \
'--time-horizon=[Months the opportunity value and ROI count gains over (spec 4.4 \`timeHorizon\`), e.g. \`6_months\` or \`6\`; 1 to 60, default 15]:N_months:_default' \
'--timeframe=[Period of the reported amounts (spec 4.4 \`timeframe\`; default monthly)]:PERIOD:(monthly quarterly yearly)' \
'--analysis-type=[How much is reported (never the numbers)\: quick (1 recommendation, top 3), standard (3, top 5, default) or comprehensive (all, top 10)]:TYPE:(quick standard comprehensive)' \
'--currency=[ISO 4217 currency of prices written without one (a request body'\''s numeric price)]:CODE:_default' \
'-o+[Write the report to FILE instead of stdout. Without --format, FILE.csv gets CSV and FILE.json JSON (a table is for a terminal); --format always wins]:FILE:_files' \
'--output=[Write the report to FILE instead of stdout. Without --format, FILE.csv gets CSV and FILE.json JSON (a table is for a terminal); --format always wins]:FILE:_files' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'(--no-config)--config=[Read this config file instead of looking for feedlint.toml in the working directory and its parents]:PATH:_files' \
'*--select=[Run only these rule codes or groups, replacing feedlint.toml'\''s \`\[rules\] select\`. Repeatable, comma-separated\: \`--select FL-P001,identity --select FL-M003\`]:CODE|GROUP:_default' \
'*--ignore=[Never run these rule codes or groups (wins over any select), replacing feedlint.toml'\''s \`\[rules\] ignore\`. Repeatable, comma-separated\: \`--ignore media,FL-C003\`]:CODE|GROUP:_default' \
'*--extend-select=[Add these rule codes or groups to the select list of feedlint.toml or --select (no effect while every rule is selected)\: \`--extend-select FL-P001\`]:CODE|GROUP:_default' \
'*--extend-ignore=[Add these rule codes or groups to the ignore list of feedlint.toml or --ignore\: \`--extend-ignore FL-M003,inventory\`]:CODE|GROUP:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--no-roi[Leave out the ROI fields (\`includeROICalculations\: false\`)]' \
'--no-priority[Leave out priorities and priority opportunities (\`includePriorityAssessment\: false\`)]' \
'--no-payback[Leave out the payback periods (\`includePaybackAnalysis\: false\`)]' \
'--no-config[Ignore any feedlint.toml]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::inputs -- Feed files\: CSV/TSV, RSS/Atom XML, JSON request body, JSON array or NDJSON, optionally gzip-compressed; `-` reads stdin:_files' \
&& ret=0
;;
(voice)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_feedlint__subcmd__voice_commands" \
"*::: :->voice" \
&& ret=0

    case $state in
    (voice)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-voice-command-$line[1]:"
        case $line[1] in
            (analyze)
_arguments "${_arguments_options[@]}" : \
'--brand=[Brand whose profile the texts are scored against and folded into (spec 2.7 brandName)]:NAME:_default' \
'(--request)--title=[Product title (with --description)]:T:_default' \
'(--request)--description=[Product description (with --title); 50+ words give the best results]:D:_default' \
'--category=[Product category (for a feed\: overrides each product'\''s product_type)]:CATEGORY:_default' \
'--context=[Declared voice context, e.g. "luxury" (used before the profile has learned a voice)]:TEXT:_default' \
'()--request=[A 2.7 JSON request body\: {product\:{title,description,brand,category}, brandName, options} (\`-\` reads stdin)]:FILE:_files' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--no-drift-detection[Do not detect drift (spec 2.7 options.enableDriftDetection = false)]' \
'--no-recommendations[Do not produce recommendations (spec 2.7 options.includeRecommendations = false)]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::feeds -- Feeds whose products are analysed in order (each one updates the profile):_files' \
&& ret=0
;;
(profiles)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_feedlint__subcmd__voice__subcmd__profiles_commands" \
"*::: :->profiles" \
&& ret=0

    case $state in
    (profiles)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-voice-profiles-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
&& ret=0
;;
(create)
_arguments "${_arguments_options[@]}" : \
'--context=[Declared voice context, e.g. "luxury"]:TEXT:_default' \
'--drift-alerts=[Turn drift alerts on or off]:BOOL:(true false)' \
'--alert-threshold=[Drift level 0..1 above which an alert is raised]:0..1:_default' \
'*--notify=[Channel an alert is meant for (recorded only, never contacted); repeatable]:email|slack:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':name -- Brand name:_default' \
&& ret=0
;;
(show)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':name -- Brand name:_default' \
&& ret=0
;;
(update)
_arguments "${_arguments_options[@]}" : \
'--context=[Declared voice context, e.g. "luxury"]:TEXT:_default' \
'--drift-alerts=[Turn drift alerts on or off]:BOOL:(true false)' \
'--alert-threshold=[Drift level 0..1 above which an alert is raised]:0..1:_default' \
'*--notify=[Channel an alert is meant for (recorded only, never contacted); repeatable]:email|slack:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':name -- Brand name:_default' \
&& ret=0
;;
(delete)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':name -- Brand name:_default' \
&& ret=0
;;
(export)
_arguments "${_arguments_options[@]}" : \
'-o+[Write to this file instead of stdout]:FILE:_files' \
'--output=[Write to this file instead of stdout]:FILE:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names -- Brands to export (default\: all of this key'\''s profiles):_default' \
&& ret=0
;;
(import)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'--replace[Overwrite profiles that already exist (default\: an existing brand is an error and nothing is imported)]' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':file -- An export file written by `voice profiles export` (`-` reads stdin; `.gz` is undone):_files' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__voice__subcmd__profiles__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-voice-profiles-help-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(create)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(show)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(update)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(delete)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(export)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(import)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__voice__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-voice-help-command-$line[1]:"
        case $line[1] in
            (analyze)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(profiles)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__voice__subcmd__help__subcmd__profiles_commands" \
"*::: :->profiles" \
&& ret=0

    case $state in
    (profiles)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-voice-help-profiles-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(create)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(show)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(update)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(delete)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(export)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(import)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(categories)
_arguments "${_arguments_options[@]}" : \
'--view=[How much to show (the spec'\''s \`format\` query parameter)]:VIEW:(json summary detailed)' \
'--tier=[Which tiers to describe]:TIER:(test production all)' \
'--category=[Only this category (electronics, apparel, health_beauty, automotive, home_garden, sporting_goods)]:KEY:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
&& ret=0
;;
(rules)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'::code -- A rule code (`FL-C003`) or name (`title-too-short`) to explain:_default' \
&& ret=0
;;
(convert)
_arguments "${_arguments_options[@]}" : \
'--to=[Format to write. Optional with \`-o FILE\` whose extension names one (.csv, .tsv, .ndjson, .jsonl, .json, .rss, .xml for RSS, .atom)]:FORMAT:((csv\:"Comma-separated values with a header line"
tsv\:"Tab-separated values with a header line (GMC'\''s text feed format)"
ndjson\:"One JSON product object per line"
json\:"A request body {"products"\: \[...\]}"
rss\:"RSS 2.0 with the GMC namespace"
atom\:"Atom 1.0 with the GMC namespace"))' \
'-o+[Write to FILE instead of stdout]:FILE:_files' \
'--output=[Write to FILE instead of stdout]:FILE:_files' \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--max-decompressed-size=[Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error (a guard against gzip bombs). Bytes, or a number with a unit\: 500MB, 2GiB, 16GiB]:SIZE:_default' \
'--stdin-filename=[Name stdin (\`-\`) NAME\: reports and errors show NAME where they would show a file'\''s path, and NAME'\''s extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format and compression as a file'\''s would (--input-format still wins). No file NAME is read]:NAME:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::inputs -- Feed files\: CSV/TSV, RSS/Atom XML, JSON request body, JSON array or NDJSON, optionally gzip-compressed; `-` reads stdin:_files' \
&& ret=0
;;
(usage)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
&& ret=0
;;
(generate)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_feedlint__subcmd__generate_commands" \
"*::: :->generate" \
&& ret=0

    case $state in
    (generate)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-generate-command-$line[1]:"
        case $line[1] in
            (completions)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':shell:(bash elvish fish powershell zsh)' \
&& ret=0
;;
(man)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"
ndjson\:"One JSON object per line (\`validate\`\: one product result per line)"
csv\:"Comma-separated values for spreadsheets (\`validate\`\: one row per violation; \`revenue\`\: one row per product)"
junit\:"JUnit XML\: one test case per product (GitLab, Jenkins, Azure)"
sarif\:"SARIF 2.1.0 for GitHub code scanning"
github\:"GitHub Actions workflow commands (annotations)"
gitlab\:"GitLab Code Quality JSON"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work, 1 to 256 (default\: one per core)]:N:_default' \
'--api-key=[API key\: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random> (production, billed by volume). Format, limits and prices\: docs/accounts.md]:KEY:_default' \
'--db=[Directory of the usage database (default\: the platform data directory, e.g. ~/.local/share/feedlint/usage.sled)]:PATH:_files' \
'--lock-timeout=[Seconds to wait for another feedlint process to release the usage database]:SECONDS:_default' \
'-q[Print nothing on stderr except errors (no progress bars, no hints)]' \
'--quiet[Print nothing on stderr except errors (no progress bars, no hints)]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
':dir:_files' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__generate__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-generate-help-command-$line[1]:"
        case $line[1] in
            (completions)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(man)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-help-command-$line[1]:"
        case $line[1] in
            (validate)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(batch)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(gtin)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(revenue)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(voice)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__help__subcmd__voice_commands" \
"*::: :->voice" \
&& ret=0

    case $state in
    (voice)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-help-voice-command-$line[1]:"
        case $line[1] in
            (analyze)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(profiles)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__help__subcmd__voice__subcmd__profiles_commands" \
"*::: :->profiles" \
&& ret=0

    case $state in
    (profiles)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-help-voice-profiles-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(create)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(show)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(update)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(delete)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(export)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(import)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(categories)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(rules)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(convert)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(usage)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(generate)
_arguments "${_arguments_options[@]}" : \
":: :_feedlint__subcmd__help__subcmd__generate_commands" \
"*::: :->generate" \
&& ret=0

    case $state in
    (generate)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:feedlint-help-generate-command-$line[1]:"
        case $line[1] in
            (completions)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(man)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
}

(( $+functions[_feedlint_commands] )) ||
_feedlint_commands() {
    local commands; commands=(
'validate:Validate products against the GMC rules\: compliance %, optimisation score, priority' \
'batch:Validate a batch of products and show what to fix first (spec 4.2)' \
'gtin:Validate GTINs (spec 2.5)\: check digit, format, GS1 prefix, 18 fake-pattern detectors' \
'revenue:Estimate what a feed'\''s issues cost and what fixing them earns (spec 2.6, 4.4)' \
'voice:Brand voice\: analyse product copy against a brand'\''s learned voice, manage profiles' \
'categories:Describe the six categories, the 73 system fields and the tiers (spec 4.7)' \
'rules:List the validation rules, or explain one (\`feedlint rules FL-C003\`)' \
'convert:Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)' \
'usage:Show this month'\''s usage of the API key\: validations per counter, limit, remaining, cost' \
'generate:Generate shell completions or man pages (for packagers)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__batch_commands] )) ||
_feedlint__subcmd__batch_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint batch commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__categories_commands] )) ||
_feedlint__subcmd__categories_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint categories commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__convert_commands] )) ||
_feedlint__subcmd__convert_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint convert commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate_commands] )) ||
_feedlint__subcmd__generate_commands() {
    local commands; commands=(
'completions:Write a completion script for SHELL to stdout' \
'man:Write one man page per (sub)command into DIR' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint generate commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__completions_commands] )) ||
_feedlint__subcmd__generate__subcmd__completions_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint generate completions commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__help_commands] )) ||
_feedlint__subcmd__generate__subcmd__help_commands() {
    local commands; commands=(
'completions:Write a completion script for SHELL to stdout' \
'man:Write one man page per (sub)command into DIR' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint generate help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__help__subcmd__completions_commands] )) ||
_feedlint__subcmd__generate__subcmd__help__subcmd__completions_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint generate help completions commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__help__subcmd__help_commands] )) ||
_feedlint__subcmd__generate__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint generate help help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__help__subcmd__man_commands] )) ||
_feedlint__subcmd__generate__subcmd__help__subcmd__man_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint generate help man commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__generate__subcmd__man_commands] )) ||
_feedlint__subcmd__generate__subcmd__man_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint generate man commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__gtin_commands] )) ||
_feedlint__subcmd__gtin_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint gtin commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help_commands] )) ||
_feedlint__subcmd__help_commands() {
    local commands; commands=(
'validate:Validate products against the GMC rules\: compliance %, optimisation score, priority' \
'batch:Validate a batch of products and show what to fix first (spec 4.2)' \
'gtin:Validate GTINs (spec 2.5)\: check digit, format, GS1 prefix, 18 fake-pattern detectors' \
'revenue:Estimate what a feed'\''s issues cost and what fixing them earns (spec 2.6, 4.4)' \
'voice:Brand voice\: analyse product copy against a brand'\''s learned voice, manage profiles' \
'categories:Describe the six categories, the 73 system fields and the tiers (spec 4.7)' \
'rules:List the validation rules, or explain one (\`feedlint rules FL-C003\`)' \
'convert:Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)' \
'usage:Show this month'\''s usage of the API key\: validations per counter, limit, remaining, cost' \
'generate:Generate shell completions or man pages (for packagers)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__batch_commands] )) ||
_feedlint__subcmd__help__subcmd__batch_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help batch commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__categories_commands] )) ||
_feedlint__subcmd__help__subcmd__categories_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help categories commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__convert_commands] )) ||
_feedlint__subcmd__help__subcmd__convert_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help convert commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__generate_commands] )) ||
_feedlint__subcmd__help__subcmd__generate_commands() {
    local commands; commands=(
'completions:Write a completion script for SHELL to stdout' \
'man:Write one man page per (sub)command into DIR' \
    )
    _describe -t commands 'feedlint help generate commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__generate__subcmd__completions_commands] )) ||
_feedlint__subcmd__help__subcmd__generate__subcmd__completions_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help generate completions commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__generate__subcmd__man_commands] )) ||
_feedlint__subcmd__help__subcmd__generate__subcmd__man_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help generate man commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__gtin_commands] )) ||
_feedlint__subcmd__help__subcmd__gtin_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help gtin commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__help_commands] )) ||
_feedlint__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__revenue_commands] )) ||
_feedlint__subcmd__help__subcmd__revenue_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help revenue commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__rules_commands] )) ||
_feedlint__subcmd__help__subcmd__rules_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help rules commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__usage_commands] )) ||
_feedlint__subcmd__help__subcmd__usage_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help usage commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__validate_commands] )) ||
_feedlint__subcmd__help__subcmd__validate_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help validate commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice_commands] )) ||
_feedlint__subcmd__help__subcmd__voice_commands() {
    local commands; commands=(
'analyze:Analyse product copy against the brand'\''s learned voice (spec 2.7); each analysis updates the brand'\''s profile' \
'profiles:Manage brand voice profiles (spec 2.8, 4.6)' \
    )
    _describe -t commands 'feedlint help voice commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__analyze_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__analyze_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice analyze commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles_commands() {
    local commands; commands=(
'list:List this key'\''s profiles with portfolio insights (spec 2.8)' \
'create:Create a profile (an existing profile is an error; use \`update\`)' \
'show:Show one profile\: learning analytics and performance metrics' \
'update:Change a profile'\''s voice context and alert settings' \
'delete:Delete a profile' \
'export:Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share' \
'import:Import profiles from an export file (each profile written atomically)' \
    )
    _describe -t commands 'feedlint help voice profiles commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__create_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__create_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles create commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__delete_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__delete_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles delete commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__export_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__export_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles export commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__import_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__import_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles import commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__list_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles list commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__show_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__show_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles show commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__update_commands] )) ||
_feedlint__subcmd__help__subcmd__voice__subcmd__profiles__subcmd__update_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint help voice profiles update commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__revenue_commands] )) ||
_feedlint__subcmd__revenue_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint revenue commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__rules_commands] )) ||
_feedlint__subcmd__rules_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint rules commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__usage_commands] )) ||
_feedlint__subcmd__usage_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint usage commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__validate_commands] )) ||
_feedlint__subcmd__validate_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint validate commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice_commands] )) ||
_feedlint__subcmd__voice_commands() {
    local commands; commands=(
'analyze:Analyse product copy against the brand'\''s learned voice (spec 2.7); each analysis updates the brand'\''s profile' \
'profiles:Manage brand voice profiles (spec 2.8, 4.6)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint voice commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__analyze_commands] )) ||
_feedlint__subcmd__voice__subcmd__analyze_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice analyze commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help_commands] )) ||
_feedlint__subcmd__voice__subcmd__help_commands() {
    local commands; commands=(
'analyze:Analyse product copy against the brand'\''s learned voice (spec 2.7); each analysis updates the brand'\''s profile' \
'profiles:Manage brand voice profiles (spec 2.8, 4.6)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint voice help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__analyze_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__analyze_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help analyze commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__help_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles_commands() {
    local commands; commands=(
'list:List this key'\''s profiles with portfolio insights (spec 2.8)' \
'create:Create a profile (an existing profile is an error; use \`update\`)' \
'show:Show one profile\: learning analytics and performance metrics' \
'update:Change a profile'\''s voice context and alert settings' \
'delete:Delete a profile' \
'export:Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share' \
'import:Import profiles from an export file (each profile written atomically)' \
    )
    _describe -t commands 'feedlint voice help profiles commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__create_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__create_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles create commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__delete_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__delete_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles delete commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__export_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__export_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles export commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__import_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__import_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles import commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__list_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles list commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__show_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__show_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles show commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__update_commands] )) ||
_feedlint__subcmd__voice__subcmd__help__subcmd__profiles__subcmd__update_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice help profiles update commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles_commands() {
    local commands; commands=(
'list:List this key'\''s profiles with portfolio insights (spec 2.8)' \
'create:Create a profile (an existing profile is an error; use \`update\`)' \
'show:Show one profile\: learning analytics and performance metrics' \
'update:Change a profile'\''s voice context and alert settings' \
'delete:Delete a profile' \
'export:Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share' \
'import:Import profiles from an export file (each profile written atomically)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint voice profiles commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__create_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__create_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles create commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__delete_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__delete_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles delete commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__export_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__export_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles export commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help_commands() {
    local commands; commands=(
'list:List this key'\''s profiles with portfolio insights (spec 2.8)' \
'create:Create a profile (an existing profile is an error; use \`update\`)' \
'show:Show one profile\: learning analytics and performance metrics' \
'update:Change a profile'\''s voice context and alert settings' \
'delete:Delete a profile' \
'export:Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share' \
'import:Import profiles from an export file (each profile written atomically)' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint voice profiles help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__create_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__create_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help create commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__delete_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__delete_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help delete commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__export_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__export_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help export commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__help_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help help commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__import_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__import_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help import commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__list_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help list commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__show_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__show_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help show commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__update_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__help__subcmd__update_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles help update commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__import_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__import_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles import commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__list_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles list commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__show_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__show_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles show commands' commands "$@"
}
(( $+functions[_feedlint__subcmd__voice__subcmd__profiles__subcmd__update_commands] )) ||
_feedlint__subcmd__voice__subcmd__profiles__subcmd__update_commands() {
    local commands; commands=()
    _describe -t commands 'feedlint voice profiles update commands' commands "$@"
}

if [ "$funcstack[1]" = "_feedlint" ]; then
    _feedlint "$@"
else
    compdef _feedlint feedlint
fi
