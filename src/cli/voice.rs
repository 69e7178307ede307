//! `feedlint voice analyze` and `feedlint voice profiles ...` (spec 2.7, 2.8, 4.5, 4.6).
//!
//! Wires key → account → `voice` engine → store → report. Holds no voice logic (tone, score,
//! drift and learning live in `crate::voice`) and touches the database only through
//! `account.store()`. Profiles are keyed by the API-key hash, so one key never sees another's.
//! Drift alerts go to stderr only: nothing is sent over a network.

use std::io::Read as _;
use std::path::PathBuf;

use comfy_table::{Table, presets};
use serde::{Deserialize, Serialize};

use super::Ctx;
use super::input::{FeedArgs, ReadArgs};
use crate::account::{Account, Endpoint, Meta, Receipt, RequestContext, format_utc};
use crate::error::{Error, ErrorCode, Outcome};
use crate::model::text::count;
use crate::report::{OutputFormat, TABLE_BLOCK, width};
use crate::store::{PutProfiles, Store};
use crate::voice::{
    self, Analysis, AnalysisInput, AnalyzeOptions, Channel, Profile, ProfileSettings,
};

/// HTTP status of a brand-voice VALIDATION_ERROR (spec 4.5 lists it under 422). `ErrorCode`
/// maps VALIDATION_ERROR to 400 for every other endpoint, so the voice commands carry 422 in the
/// envelope as `error.details.status`.
pub const VALIDATION_STATUS: u16 = 422;

/// `feedlint voice ...`.
#[derive(Debug, clap::Subcommand)]
pub enum VoiceCommand {
    /// Analyse product copy against the brand's learned voice (spec 2.7); each analysis
    /// updates the brand's profile.
    Analyze(AnalyzeArgs),
    /// Manage brand voice profiles (spec 2.8, 4.6).
    #[command(subcommand)]
    Profiles(ProfilesCommand),
}

/// Arguments of `feedlint voice analyze`.
#[derive(Debug, Clone, clap::Args)]
pub struct AnalyzeArgs {
    /// Brand whose profile the texts are scored against and folded into (spec 2.7 brandName).
    #[arg(long, value_name = "NAME")]
    pub brand: Option<String>,
    /// Product title (with --description).
    #[arg(long, value_name = "T", conflicts_with_all = ["feeds", "request"])]
    pub title: Option<String>,
    /// Product description (with --title); 50+ words give the best results.
    #[arg(long, value_name = "D", conflicts_with_all = ["feeds", "request"])]
    pub description: Option<String>,
    /// Product category (for a feed: overrides each product's product_type).
    #[arg(long, value_name = "CATEGORY")]
    pub category: Option<String>,
    /// Declared voice context, e.g. "luxury" (used before the profile has learned a voice).
    #[arg(long, value_name = "TEXT")]
    pub context: Option<String>,
    /// Do not detect drift (spec 2.7 options.enableDriftDetection = false).
    #[arg(long)]
    pub no_drift_detection: bool,
    /// Do not produce recommendations (spec 2.7 options.includeRecommendations = false).
    #[arg(long)]
    pub no_recommendations: bool,
    /// A 2.7 JSON request body: {product:{title,description,brand,category}, brandName, options}
    /// (`-` reads stdin).
    #[arg(long, value_name = "FILE", conflicts_with = "feeds")]
    pub request: Option<PathBuf>,
    /// Feeds whose products are analysed in order (each one updates the profile).
    #[arg(value_name = "FEED")]
    pub feeds: Vec<PathBuf>,

    #[command(flatten, next_help_heading = "Reading feeds")]
    pub read: ReadArgs,
}

/// `feedlint voice profiles ...`.
#[derive(Debug, clap::Subcommand)]
pub enum ProfilesCommand {
    /// List this key's profiles with portfolio insights (spec 2.8).
    List,
    /// Create a profile (an existing profile is an error; use `update`).
    Create(ProfileArgs),
    /// Show one profile: learning analytics and performance metrics.
    Show(NameArg),
    /// Change a profile's voice context and alert settings.
    Update(ProfileArgs),
    /// Delete a profile.
    Delete(NameArg),
    /// Export profiles (all, or the NAMEs given) as JSON, a backup or a voice to share.
    Export(ExportArgs),
    /// Import profiles from an export file (each profile written atomically).
    Import(ImportArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct NameArg {
    /// Brand name.
    pub name: String,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ProfileArgs {
    /// Brand name.
    pub name: String,
    /// Declared voice context, e.g. "luxury".
    #[arg(long, value_name = "TEXT")]
    pub context: Option<String>,
    /// Turn drift alerts on or off.
    #[arg(long, alias = "alerts-enabled", value_name = "BOOL")]
    pub drift_alerts: Option<bool>,
    /// Drift level 0..1 above which an alert is raised.
    #[arg(long, value_name = "0..1")]
    pub alert_threshold: Option<f64>,
    /// Channel an alert is meant for (recorded only, never contacted); repeatable.
    #[arg(long, value_name = "email|slack", value_parser = parse_channel)]
    pub notify: Vec<Channel>,
}

impl ProfileArgs {
    fn settings(&self) -> ProfileSettings {
        ProfileSettings {
            voice_context: self.context.clone(),
            drift_alerts: self.drift_alerts,
            alerts_enabled: None,
            alert_threshold: self.alert_threshold,
            notification_channels: (!self.notify.is_empty()).then(|| self.notify.clone()),
        }
    }
}

#[derive(Debug, Clone, clap::Args)]
pub struct ExportArgs {
    /// Brands to export (default: all of this key's profiles).
    pub names: Vec<String>,
    /// Write to this file instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ImportArgs {
    /// An export file written by `voice profiles export` (`-` reads stdin; `.gz` is undone).
    pub file: PathBuf,
    /// Overwrite profiles that already exist (default: an existing brand is an error and
    /// nothing is imported).
    #[arg(long)]
    pub replace: bool,
}

fn parse_channel(text: &str) -> Result<Channel, String> {
    serde_json::from_value(serde_json::Value::String(text.to_ascii_lowercase()))
        .map_err(|_| format!("{text:?} is not a channel (email, slack)"))
}

/// The 2.7 request body accepted by `--request`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequestBody {
    #[serde(default)]
    product: RequestProduct,
    #[serde(default)]
    brand_name: Option<String>,
    #[serde(default)]
    options: RequestOptions,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequestProduct {
    #[serde(default)]
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    brand: Option<String>,
    #[serde(default)]
    category: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequestOptions {
    #[serde(default)]
    enable_drift_detection: Option<bool>,
    #[serde(default)]
    include_recommendations: Option<bool>,
    #[serde(default)]
    voice_context: Option<String>,
}

/// `{success, data, meta}` around any data.
#[derive(Debug, Serialize)]
struct Envelope<'a, T: Serialize> {
    success: bool,
    data: &'a T,
    meta: &'a Meta,
}

fn validation_422(e: Error, field: &str) -> Error {
    e.with_details(serde_json::json!({ "status": VALIDATION_STATUS, "field": field }))
}

fn missing(field: &str, help: &str) -> Error {
    validation_422(
        Error::new(
            ErrorCode::ValidationError,
            format!("{field} is required for brand voice analysis"),
        )
        .with_help(help.to_string()),
        field,
    )
}

pub fn run(cmd: &VoiceCommand, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.format;
    format.ensure_one_of("voice", &[OutputFormat::Table, OutputFormat::Json])?;
    match cmd {
        VoiceCommand::Analyze(args) => analyze(args, ctx),
        VoiceCommand::Profiles(p) => profiles(p, ctx),
    }
}

fn product_field(p: &crate::model::Product, names: &[&str]) -> Option<String> {
    names
        .iter()
        .find_map(|n| p.get_nonblank(n))
        .map(str::to_string)
}

/// Reads a 2.7 request body; its brandName, options and voiceContext fill what flags left unset.
fn read_request(
    path: &std::path::Path,
    args: &AnalyzeArgs,
    brand: &mut Option<String>,
    context: &mut Option<String>,
    opts: &mut AnalyzeOptions,
) -> Result<AnalysisInput, Error> {
    // Opened as feeds are (`-` is stdin, named by --stdin-filename; gzip and encodings undone).
    let options = args.read.read_options();
    let label = crate::feed::label(path, &options);
    let mut text = String::new();
    crate::feed::open_text(path, &options)?
        .read_to_string(&mut text)
        .map_err(|e| Error::input(format!("cannot read {label}: {e}")))?;
    let body: RequestBody = serde_json::from_str(&text).map_err(|e| {
        validation_422(
            Error::new(
                ErrorCode::ValidationError,
                format!("{label} is not a 2.7 request body: {e}"),
            ),
            "body",
        )
    })?;
    *brand = brand.take().or(body.brand_name);
    *context = context.take().or(body.options.voice_context);
    if let Some(v) = body.options.enable_drift_detection {
        opts.drift_detection = v && opts.drift_detection;
    }
    if let Some(v) = body.options.include_recommendations {
        opts.recommendations = v && opts.recommendations;
    }
    Ok(AnalysisInput {
        title: body.product.title,
        description: body.product.description,
        brand: body.product.brand,
        category: args.category.clone().or(body.product.category),
        voice_context: None,
    })
}

/// Whether `voice analyze` reads stdin: `-` as a feed or as `--request`.
fn reads_stdin(args: &AnalyzeArgs) -> bool {
    let dash = |p: &std::path::Path| p.as_os_str() == "-";
    args.feeds.iter().any(|p| dash(p)) || args.request.as_deref().is_some_and(dash)
}

fn analyze(args: &AnalyzeArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    args.read.check_stdin_filename(reads_stdin(args))?;
    let rctx = RequestContext::from_env()?;
    // One text from flags is analysed in a moment: the database is opened once, for the key's
    // check and the count with the profile update together. Feeds and request files are not.
    let account = Account::open_holding(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::VOICE_ANALYZE,
        &rctx,
        args.request.is_none() && args.feeds.is_empty(),
    )?;
    let now = format_utc(rctx.now);
    let mut opts = AnalyzeOptions {
        drift_detection: !args.no_drift_detection,
        recommendations: !args.no_recommendations,
    };
    let mut brand = args.brand.clone();
    let mut context = args.context.clone();
    // One text from flags or a request body; otherwise a feed.
    let single: Option<AnalysisInput> = if let Some(path) = &args.request {
        Some(read_request(
            path,
            args,
            &mut brand,
            &mut context,
            &mut opts,
        )?)
    } else if args.feeds.is_empty() {
        Some(AnalysisInput {
            title: args.title.clone().unwrap_or_default(),
            description: args.description.clone().unwrap_or_default(),
            brand: None,
            category: args.category.clone(),
            voice_context: None,
        })
    } else {
        None
    };
    let brand = brand
        .filter(|b| !b.trim().is_empty())
        .ok_or_else(|| missing("brandName", "pass --brand NAME"))?;
    let inputs: Inputs = if let Some(mut input) = single {
        input.brand = input.brand.or_else(|| Some(brand.clone()));
        input.voice_context.clone_from(&context);
        Box::new(std::iter::once(Ok((input, None))))
    } else {
        feed_inputs(args, &brand, context.as_ref())?
    };

    let single = args.feeds.is_empty();
    let mut out = AnalysisWriter::new(ctx.global.format, single);
    // Each analysis is one metered unit, committed with its profile update (see
    // `Account::record_with_profile`): a run that stops half-way has counted exactly the
    // analyses folded into the profile.
    let mut last_receipt = None;
    let mut skipped = 0_u64;
    for item in inputs {
        let (input, origin) = item?;
        if let Err(e) = input.validate() {
            let field = if input.title.trim().is_empty() {
                "product.title"
            } else {
                "product.description"
            };
            // A feed's product without the text to analyse is named and skipped (not counted),
            // as a feed's other products are still worth analysing; a single text is an error.
            let Some(origin) = origin else {
                return Err(validation_422(e, field));
            };
            skipped += 1;
            if !ctx.global.quiet {
                writeln!(
                    ctx.err,
                    "{}:{}: product {} has no {}; not analysed",
                    origin.file,
                    origin.line,
                    crate::model::text::printable(&origin.id),
                    field.trim_start_matches("product.")
                )?;
            }
            continue;
        }
        let (analysis, receipt) = analyze_one(&account, &brand, &input, opts, &now)?;
        // Each analysis is a request of its own (counted alone): its response has its meta.
        let meta = receipt.meta(&rctx, Endpoint::VOICE_ANALYZE);
        last_receipt = Some(receipt);
        if let Some(alert) = &analysis.drift_alert
            && !ctx.global.quiet
        {
            writeln!(ctx.err, "drift alert: {}", alert.message)?;
        }
        out.push(analysis, origin.as_ref(), &meta, ctx)?;
    }
    if skipped > 0 && !ctx.global.quiet {
        writeln!(
            ctx.err,
            "feedlint: {} not analysed (no title or description)",
            crate::model::text::count(skipped, "product")
        )?;
    }
    let receipt = match last_receipt {
        Some(receipt) => receipt,
        None => account.record(0)?,
    };
    let meta = receipt.meta(&rctx, Endpoint::VOICE_ANALYZE);
    out.finish(&meta, ctx)?;
    Ok(Outcome::Clean)
}

/// One analysis folded into the stored profile and counted on the key, in one atomic
/// transaction.
fn analyze_one(
    account: &Account,
    brand: &str,
    input: &AnalysisInput,
    opts: AnalyzeOptions,
    now: &str,
) -> Result<(Analysis, Receipt), Error> {
    let mut out = None;
    let (receipt, _) = account.record_with_profile(1, brand, |old| {
        let mut profile = match old {
            Some(bytes) => decode(bytes)?,
            None => Profile::new(
                brand,
                &ProfileSettings {
                    voice_context: input.voice_context.clone(),
                    ..ProfileSettings::default()
                },
                now,
            )?,
        };
        let analysis = voice::analyze_and_learn(input, &mut profile, &opts, now);
        let bytes = encode(&profile)?;
        out = Some(analysis);
        Ok(Some(bytes))
    })?;
    let analysis = out.ok_or_else(|| Error::internal("profile update returned no analysis"))?;
    Ok((analysis, receipt))
}

fn json_err(e: serde_json::Error) -> Error {
    match e.io_error_kind() {
        Some(_) => Error::from(std::io::Error::from(e)),
        None => Error::internal(format!("cannot encode JSON: {e}")),
    }
}

fn decode(bytes: &[u8]) -> Result<Profile, Error> {
    serde_json::from_slice(bytes)
        .map_err(|e| Error::internal(format!("stored voice profile is unreadable: {e}")))
}

fn encode(profile: &Profile) -> Result<Vec<u8>, Error> {
    serde_json::to_vec(profile)
        .map_err(|e| Error::internal(format!("cannot encode voice profile: {e}")))
}

#[derive(Debug, Serialize)]
struct AnalyzeJson<'a> {
    success: bool,
    /// For a feed's product (feedlint's addition beside the 2.7 shape): its id and line.
    #[serde(rename = "productId", skip_serializing_if = "Option::is_none")]
    product_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    data: &'a voice::VoiceAnalyzeData,
    #[serde(skip_serializing_if = "Option::is_none")]
    meta: Option<&'a Meta>,
}

/// The texts to analyse, each with the feed product it comes from (none for a single text).
type Inputs = Box<dyn Iterator<Item = Result<(AnalysisInput, Option<FeedProduct>), Error>>>;

/// Every product of the feeds as a text to analyse: title, description, brand (else the run's)
/// and category (`--category`, else product_type / google_product_category).
fn feed_inputs(args: &AnalyzeArgs, brand: &str, context: Option<&String>) -> Result<Inputs, Error> {
    let feed = FeedArgs {
        inputs: args.feeds.clone(),
        read: args.read.clone(),
    };
    let readers: Vec<_> = feed.open_each().collect::<Result<_, _>>()?;
    let category = args.category.clone();
    let ctx_text = context.cloned();
    let fallback = brand.to_owned();
    Ok(Box::new(readers.into_iter().flatten().map(move |p| {
        let p = p?;
        let input = AnalysisInput {
            title: product_field(&p, &["title"]).unwrap_or_default(),
            description: product_field(&p, &["description"]).unwrap_or_default(),
            brand: product_field(&p, &["brand"]).or_else(|| Some(fallback.clone())),
            category: category
                .clone()
                .or_else(|| product_field(&p, &["product_type", "google_product_category"])),
            voice_context: ctx_text.clone(),
        };
        let origin = FeedProduct {
            id: p.product_id(),
            file: p.location.file.clone(),
            line: p.location.line,
        };
        Ok((input, Some(origin)))
    })))
}

/// Where a feed's product came from, for naming it in the report and in notes.
struct FeedProduct {
    id: String,
    file: std::sync::Arc<str>,
    line: u64,
}

/// Writes analyses as they are made. JSON: one text gives one 2.7 object `{success, data,
/// meta}` (written at the end); a feed gives a JSON array of 2.7 objects `{success, data, meta}`
/// streamed in feed order, each with the meta of its own request. Table: one row per analysis,
/// in blocks.
struct AnalysisWriter {
    json: bool,
    single: bool,
    held: Option<Analysis>,
    rows: Vec<[String; 7]>,
    written: usize,
    last: Option<voice::LearningIntelligence>,
}

impl AnalysisWriter {
    fn new(format: OutputFormat, single: bool) -> Self {
        Self {
            json: format == OutputFormat::Json,
            single,
            held: None,
            rows: Vec::new(),
            written: 0,
            last: None,
        }
    }

    fn push(
        &mut self,
        a: Analysis,
        origin: Option<&FeedProduct>,
        meta: &Meta,
        ctx: &mut Ctx<'_>,
    ) -> Result<(), Error> {
        self.written += 1;
        if self.json {
            if self.single {
                self.held = Some(a);
                return Ok(());
            }
            ctx.out
                .write_all(if self.written == 1 { b"[\n" } else { b",\n" })?;
            let body = AnalyzeJson {
                success: true,
                product_id: origin.map(|o| o.id.as_str()),
                line: origin.map(|o| o.line),
                data: &a.data,
                meta: Some(meta),
            };
            serde_json::to_writer(&mut *ctx.out, &body).map_err(json_err)?;
            return Ok(());
        }
        let bva = &a.data.brand_voice_analysis;
        let rec = a.data.recommendations.first().map_or_else(
            || "-".to_string(),
            |r| crate::model::text::printable(&r.suggestion).into_owned(),
        );
        self.rows.push([
            self.written.to_string(),
            origin.map_or_else(
                || "-".to_owned(),
                |o| format!("{} (line {})", crate::model::text::printable(&o.id), o.line),
            ),
            format!(
                "{} ({:.0}%)",
                bva.detected_tone.as_str(),
                bva.confidence * 100.0
            ),
            bva.voice_score.to_string(),
            a.grade().as_str().to_string(),
            bva.consistency.drift_status.as_str().to_string(),
            rec,
        ]);
        self.last = Some(a.data.learning_intelligence.clone());
        if self.rows.len() >= TABLE_BLOCK {
            self.flush_table(ctx)?;
        }
        Ok(())
    }

    fn flush_table(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Error> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let mut table = Table::new();
        table.load_preset(presets::UTF8_FULL_CONDENSED);
        table.set_header([
            "#",
            "product",
            "tone",
            "score",
            "grade",
            "drift",
            "top recommendation",
        ]);
        for row in self.rows.drain(..) {
            table.add_row(row);
        }
        // The recommendation wraps.
        width::fit_at_most(
            &mut table,
            ctx.table_width,
            width::READABLE_MAX,
            &[0, 1, 2, 3, 4, 5],
        );
        writeln!(ctx.out, "{table}")?;
        Ok(())
    }

    fn finish(mut self, meta: &Meta, ctx: &mut Ctx<'_>) -> Result<(), Error> {
        if self.json {
            if let Some(a) = &self.held {
                let body = AnalyzeJson {
                    success: true,
                    product_id: None,
                    line: None,
                    data: &a.data,
                    meta: Some(meta),
                };
                serde_json::to_writer_pretty(&mut *ctx.out, &body).map_err(json_err)?;
            } else if self.written == 0 {
                ctx.out.write_all(b"[]")?;
            } else {
                ctx.out.write_all(b"\n]")?;
            }
            writeln!(ctx.out)?;
            return Ok(());
        }
        self.flush_table(ctx)?;
        if let Some(li) = &self.last {
            writeln!(
                ctx.out,
                "profile: {} analyses, {} ({}), stability {:.2}",
                li.analysis_count,
                li.profile_status.as_str(),
                li.learning_phase,
                li.voice_stability
            )?;
        }
        Ok(())
    }
}

fn not_found(name: &str) -> Error {
    Error::new(
        ErrorCode::NotFound,
        format!("no brand voice profile named '{name}' for this API key"),
    )
    .with_help("list this key's profiles with `feedlint voice profiles list`")
}

fn load(account: &Account, key_hash: &str, name: &str) -> Result<Profile, Error> {
    match account.store().get_profile(key_hash, name)? {
        Some(bytes) => decode(&bytes),
        None => Err(not_found(name)),
    }
}

fn load_all(account: &Account, key_hash: &str) -> Result<Vec<Profile>, Error> {
    account
        .store()
        .list_profiles(key_hash)?
        .iter()
        .map(|(_, bytes)| decode(bytes))
        .collect()
}

fn write_json<T: Serialize>(ctx: &mut Ctx<'_>, data: &T, meta: &Meta) -> Result<(), Error> {
    let body = Envelope {
        success: true,
        data,
        meta,
    };
    serde_json::to_writer_pretty(&mut *ctx.out, &body).map_err(json_err)?;
    writeln!(ctx.out)?;
    Ok(())
}

#[allow(
    clippy::too_many_lines,
    reason = "one match arm per profiles subcommand, each a few lines of wiring"
)]
fn profiles(cmd: &ProfilesCommand, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let endpoint = match cmd {
        ProfilesCommand::List | ProfilesCommand::Export(_) => Endpoint::VOICE_PROFILES_LIST,
        ProfilesCommand::Create(_) => Endpoint::VOICE_PROFILE_CREATE,
        ProfilesCommand::Show(_) => Endpoint::VOICE_PROFILE_GET,
        ProfilesCommand::Update(_) | ProfilesCommand::Delete(_) | ProfilesCommand::Import(_) => {
            Endpoint::VOICE_PROFILE_UPDATE
        }
    };
    let rctx = RequestContext::from_env()?;
    // Each of these but `import` (which reads a file) is a short run: the database is opened
    // once, for the key's check and the profiles together.
    let account = Account::open_holding(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        endpoint,
        &rctx,
        !matches!(cmd, ProfilesCommand::Import(_)),
    )?;
    let key_hash = account.key().hash_hex();
    let now = format_utc(rctx.now);
    let json = ctx.global.format == OutputFormat::Json;
    match cmd {
        ProfilesCommand::List => {
            let all = load_all(&account, &key_hash)?;
            let data = voice::profiles_list(&all, &now);
            let meta = account.record(0)?.meta(&rctx, endpoint);
            if json {
                write_json(ctx, &data, &meta)?;
            } else if all.is_empty() {
                writeln!(
                    ctx.out,
                    "No brand voice profiles yet for this API key: `feedlint voice analyze --brand \
                     NAME FEED` learns one from a brand's copy, `feedlint voice profiles create \
                     NAME` starts one with settings."
                )?;
            } else {
                let mut table = Table::new();
                table.load_preset(presets::UTF8_FULL_CONDENSED);
                table.set_header(["brand", "analyses", "status", "stability", "avg score"]);
                for p in &all {
                    table.add_row([
                        crate::model::text::printable(&p.brand_name).into_owned(),
                        p.analysis_count.to_string(),
                        p.status().as_str().to_string(),
                        format!("{:.2}", p.voice_stability()),
                        format!("{:.1}", p.average_score()),
                    ]);
                }
                // The brand name wraps.
                width::fit(&mut table, ctx.table_width, &[1, 2, 3, 4]);
                writeln!(ctx.out, "{table}")?;
                writeln!(
                    ctx.out,
                    "{}, {} {}",
                    count(all.len(), "profile"),
                    data.portfolio_insights.total_analyses,
                    if data.portfolio_insights.total_analyses == 1 {
                        "analysis"
                    } else {
                        "analyses"
                    }
                )?;
            }
        }
        ProfilesCommand::Create(a) => {
            let profile = Profile::new(&a.name, &a.settings(), &now)?;
            account.store().update_profile(&key_hash, &a.name, |old| {
                if old.is_some() {
                    return Err(Error::new(
                        ErrorCode::ValidationError,
                        format!("a brand voice profile named '{}' already exists", a.name),
                    )
                    .with_help("change it with `feedlint voice profiles update`"));
                }
                Ok(Some(encode(&profile)?))
            })?;
            show(ctx, &account, &profile, &rctx, endpoint, json)?;
        }
        ProfilesCommand::Show(n) => {
            let profile = load(&account, &key_hash, &n.name)?;
            show(ctx, &account, &profile, &rctx, endpoint, json)?;
        }
        ProfilesCommand::Update(a) => {
            let mut updated = None;
            account.store().update_profile(&key_hash, &a.name, |old| {
                let mut p = decode(old.ok_or_else(|| not_found(&a.name))?)?;
                p.apply(&a.settings(), &now)?;
                let bytes = encode(&p)?;
                updated = Some(p);
                Ok(Some(bytes))
            })?;
            let p = updated.ok_or_else(|| not_found(&a.name))?;
            show(ctx, &account, &p, &rctx, endpoint, json)?;
        }
        ProfilesCommand::Delete(n) => {
            if !account.store().delete_profile(&key_hash, &n.name)? {
                return Err(not_found(&n.name));
            }
            let meta = account.record(0)?.meta(&rctx, endpoint);
            if json {
                let data = serde_json::json!({ "brandName": n.name, "deleted": true });
                write_json(ctx, &data, &meta)?;
            } else {
                writeln!(ctx.out, "deleted brand voice profile '{}'", n.name)?;
            }
        }
        ProfilesCommand::Export(e) => {
            let chosen = if e.names.is_empty() {
                load_all(&account, &key_hash)?
            } else {
                e.names
                    .iter()
                    .map(|n| load(&account, &key_hash, n))
                    .collect::<Result<_, _>>()?
            };
            let doc = voice::export_profiles(&chosen);
            let text = serde_json::to_string_pretty(&doc)
                .map_err(|e| Error::internal(format!("cannot encode export: {e}")))?;
            match &e.output {
                Some(path) => {
                    std::fs::write(path, format!("{text}\n")).map_err(|err| {
                        Error::input(format!("cannot write {}: {err}", path.display()))
                    })?;
                    if !ctx.global.quiet {
                        writeln!(
                            ctx.err,
                            "exported {} to {}",
                            count(chosen.len(), "profile"),
                            path.display()
                        )?;
                    }
                }
                None => writeln!(ctx.out, "{text}")?,
            }
        }
        ProfilesCommand::Import(i) => {
            // Opened as feeds are: `-` is stdin, gzip undone, a byte order mark decoded.
            let options = crate::feed::ReadOptions::default();
            let label = crate::feed::label(&i.file, &options);
            let mut text = String::new();
            crate::feed::open_text(&i.file, &options)?
                .read_to_string(&mut text)
                .map_err(|e| Error::input(format!("cannot read {label}: {e}")))?;
            // The file is named in the message: the checks that fail know only its text.
            let imported = voice::import_profiles(&text).map_err(|mut e| {
                e.message = format!("{label}: {}", e.message);
                e
            })?;
            let items = imported
                .iter()
                .map(|p| Ok((p.brand_name.clone(), encode(p)?)))
                .collect::<Result<Vec<_>, Error>>()?;
            // All profiles in one transaction: a failed or killed import writes none of them.
            if let PutProfiles::Exists(brand) =
                account.store().put_profiles(&key_hash, &items, i.replace)?
            {
                return Err(Error::new(
                    ErrorCode::ValidationError,
                    format!("a brand voice profile named '{brand}' already exists"),
                )
                .with_help("pass --replace to overwrite existing profiles"));
            }
            let names: Vec<String> = items.into_iter().map(|(name, _)| name).collect();
            let meta = account.record(0)?.meta(&rctx, endpoint);
            if json {
                let data = serde_json::json!({ "imported": names });
                write_json(ctx, &data, &meta)?;
            } else {
                writeln!(
                    ctx.out,
                    "imported {}: {}",
                    count(names.len(), "profile"),
                    names.join(", ")
                )?;
            }
        }
    }
    Ok(Outcome::Clean)
}

fn show(
    ctx: &mut Ctx<'_>,
    account: &Account,
    profile: &Profile,
    rctx: &RequestContext,
    endpoint: Endpoint,
    json: bool,
) -> Result<(), Error> {
    let meta = account.record(0)?.meta(rctx, endpoint);
    let detail = profile.detail();
    if json {
        write_json(ctx, &detail, &meta)
    } else {
        let value = serde_json::to_value(&detail)
            .map_err(|e| Error::internal(format!("cannot encode profile: {e}")))?;
        let mut table = Table::new();
        table.load_preset(presets::UTF8_FULL_CONDENSED);
        if let serde_json::Value::Object(map) = value {
            for (k, v) in map {
                table.add_row([k, v.to_string()]);
            }
        }
        // The values wrap.
        width::fit_at_most(&mut table, ctx.table_width, width::READABLE_MAX, &[0]);
        writeln!(ctx.out, "{table}")?;
        Ok(())
    }
}
