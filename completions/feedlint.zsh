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
(voice)
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
'()--request=[A 2.7 JSON request body\: {product\:{title,description,brand,category}, brandName, options}]:FILE:_files' \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
(create)
_arguments "${_arguments_options[@]}" : \
'--context=[Declared voice context, e.g. "luxury"]:TEXT:_default' \
'--drift-alerts=[Turn drift alerts on or off]:BOOL:(true false)' \
'--alert-threshold=[Drift level 0..1 above which an alert is raised]:0..1:_default' \
'*--notify=[Channel an alert is meant for (recorded only, never contacted); repeatable]:email|slack:_default' \
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
':name -- Brand name:_default' \
&& ret=0
;;
(show)
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
':name -- Brand name:_default' \
&& ret=0
;;
(delete)
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
':name -- Brand name:_default' \
&& ret=0
;;
(export)
_arguments "${_arguments_options[@]}" : \
'-o+[Write to this file instead of stdout]:FILE:_files' \
'--output=[Write to this file instead of stdout]:FILE:_files' \
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
'*::names -- Brands to export (default\: all of this key'\''s profiles):_default' \
&& ret=0
;;
(import)
_arguments "${_arguments_options[@]}" : \
'--format=[Output format of the report written to stdout]:FORMAT:((table\:"Human-readable tables (default)"
json\:"The documented v2 JSON response shape"))' \
'--color=[When to use colour\: auto (only on a terminal, honouring NO_COLOR), always or never]:WHEN:(auto always never)' \
'-j+[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
'--jobs=[Number of worker threads for per-product work (default\: one per core)]:N:_default' \
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
':file -- An export file written by `voice profiles export`:_files' \
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
'voice:Brand voice\: analyse product copy against a brand'\''s learned voice, manage profiles' \
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
(( $+functions[_feedlint__subcmd__help_commands] )) ||
_feedlint__subcmd__help_commands() {
    local commands; commands=(
'convert:Convert a feed to another format (csv, tsv, ndjson, json, rss, atom)' \
'generate:Generate shell completions or man pages (for packagers)' \
'usage:Show this month'\''s usage of the API key\: validations per counter, limit, remaining, cost' \
'rules:List the validation rules, or explain one (\`feedlint rules FL-C003\`)' \
'categories:Describe the six categories, the 73 system fields and the tiers (spec 4.7)' \
'voice:Brand voice\: analyse product copy against a brand'\''s learned voice, manage profiles' \
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
