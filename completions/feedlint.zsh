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
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
            (convert)
_arguments "${_arguments_options[@]}" : \
'--input-format=[Read the feeds as this format instead of detecting it from the extension and content]:FORMAT:((csv\:"Delimited text (delimiter sniffed from the header line)"
tsv\:"Tab-separated text"
xml\:"RSS 2.0 or Atom 1.0"
json\:"A request body {"products"\: \[...\]} or an array of products"
ndjson\:"One JSON product object per line"))' \
'--encoding=[Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they declare none; a byte-order mark still wins]:LABEL:_default' \
'--to=[Format to write]:FORMAT:((csv\:"Comma-separated values with a header line"
tsv\:"Tab-separated values with a header line (GMC'\''s text feed format)"
ndjson\:"One JSON product object per line"
json\:"A request body {"products"\: \[...\]}"
rss\:"RSS 2.0 with the GMC namespace"
atom\:"Atom 1.0 with the GMC namespace"))' \
'-o+[Write to FILE instead of stdout]:FILE:_files' \
'--output=[Write to FILE instead of stdout]:FILE:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
(generate)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
(usage)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
(categories)
_arguments "${_arguments_options[@]}" : \
'--view=[How much to show (the spec'\''s \`format\` query parameter)]:VIEW:(json summary detailed)' \
'--tier=[Which tiers to describe]:TIER:(test production all)' \
'--category=[Only this category (electronics, apparel, health_beauty, automotive, home_garden, sporting_goods)]:KEY:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
(gtin)
_arguments "${_arguments_options[@]}" : \
'(--from-feed --request)--file=[Read GTINs from a file, one per line (blank lines skipped); a file whose first character is \`{\` is read as a JSON request body instead (see --request)]:FILE:_files' \
'(--request)--from-feed=[Validate the \`gtin\` attribute of every product of a feed (products without one are skipped); each result names the product id and line]:FEED:_files' \
'()--request=[Read a JSON request body \`{"gtins"\: \[...\], "options"\: {...}}\` (spec 4.3; at most 100 GTINs). Its \`options\` replace the option flags below]:FILE:_files' \
'--pattern-detection=[Run the 18 fake-pattern detectors (\`enablePatternDetection\`) \[default\: true\]]::BOOL:(true false)' \
'--category=[Product category key (electronics, apparel, home_garden, health_beauty, sporting_goods, automotive) for the category requirement in business intelligence \[default\: none\]]:KEY:_default' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
            (convert)
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
(usage)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(rules)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(categories)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(gtin)
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
}

(( $+functions[_feedlint_commands] )) ||
_feedlint_commands() {
    local commands; commands=(
'convert:Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)' \
'generate:Generate shell completions or man pages (for packagers)' \
'usage:Show this month'\''s usage of the API key\: validations per counter, limit, remaining, cost' \
'rules:List the validation rules, or explain one (\`feedlint rules FL-C003\`)' \
'categories:Describe the six categories, the 73 system fields and the tiers (spec 4.7)' \
'gtin:Validate GTINs (spec 2.5)\: check digit, format, GS1 prefix, 18 fake-pattern detectors' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint commands' commands "$@"
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
'convert:Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)' \
'generate:Generate shell completions or man pages (for packagers)' \
'usage:Show this month'\''s usage of the API key\: validations per counter, limit, remaining, cost' \
'rules:List the validation rules, or explain one (\`feedlint rules FL-C003\`)' \
'categories:Describe the six categories, the 73 system fields and the tiers (spec 4.7)' \
'gtin:Validate GTINs (spec 2.5)\: check digit, format, GS1 prefix, 18 fake-pattern detectors' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'feedlint help commands' commands "$@"
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

if [ "$funcstack[1]" = "_feedlint" ]; then
    _feedlint "$@"
else
    compdef _feedlint feedlint
fi
