//! `-o FILE` (`convert`, `revenue`): the output goes to a temporary file beside FILE, renamed over
//! it only when the run succeeds, so a run stopped by an error leaves FILE as it was: an existing
//! file is not replaced by part of a report, and no partial file is created.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::Error;

/// An output file being written: [`OutputFile::commit`] puts it in place.
pub struct OutputFile {
    path: PathBuf,
    tmp: BufWriter<NamedTempFile>,
}

impl OutputFile {
    /// Starts writing `path`, in a temporary file in the same directory (so the rename is
    /// atomic), created with the permissions `File::create` would give it.
    pub fn create(path: &Path) -> Result<Self, Error> {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut builder = tempfile::Builder::new();
        builder.prefix(".feedlint-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The umask applies, as for `File::create`.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let tmp = builder
            .tempfile_in(dir)
            .map_err(|e| cannot_create(path, dir, &e))?;
        Ok(Self {
            path: path.to_owned(),
            tmp: BufWriter::new(tmp),
        })
    }

    /// Where the output goes until it is committed.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut self.tmp
    }

    /// Flushes the output and renames it over the path. Dropping an `OutputFile` without
    /// committing deletes the temporary file.
    pub fn commit(self) -> Result<(), Error> {
        let tmp = self.tmp.into_inner().map_err(|e| {
            Error::input(format!(
                "cannot write {}: {}",
                self.path.display(),
                e.error()
            ))
        })?;
        tmp.persist(&self.path).map_err(|e| {
            Error::input(format!("cannot write {}: {}", self.path.display(), e.error))
        })?;
        Ok(())
    }
}

/// `-o FILE` when given: [`OutputFile::create`].
pub fn create_for(path: Option<&Path>) -> Result<Option<OutputFile>, Error> {
    path.map(OutputFile::create).transpose()
}

/// Where a report goes: the `-o` file when there is one, else stdout.
pub fn report_writer<'a>(
    file: &'a mut Option<OutputFile>,
    stdout: &'a mut dyn Write,
) -> &'a mut dyn Write {
    match file.as_mut() {
        Some(f) => f.writer(),
        None => stdout,
    }
}

/// Puts a finished `-o` report in place and says where it went (`verb` `count` products): a
/// report that cannot be put there fails the run, whose count is then taken back.
pub fn commit_counted(
    file: Option<OutputFile>,
    account: &crate::account::Account,
    receipt: &crate::account::Receipt,
    ctx: &mut super::Ctx<'_>,
    verb: &str,
) -> Result<(), Error> {
    if let Some(file) = file {
        let path = file.path.clone();
        file.commit().map_err(|e| account.take_back(receipt, e))?;
        say_written(ctx, verb, receipt.count, Some(&path))?;
    }
    Ok(())
}

/// Says on stderr (unless `--quiet`) where a report of `count` products went: `validated 7
/// products → report.sarif`. Nothing when the report went to stdout (`path` is `None`).
pub fn say_written(
    ctx: &mut super::Ctx<'_>,
    verb: &str,
    count: u64,
    path: Option<&Path>,
) -> Result<(), Error> {
    if let (Some(path), false) = (path, ctx.global.quiet) {
        writeln!(
            ctx.err,
            "{verb} {} → {}",
            crate::model::text::count(count, "product"),
            path.display()
        )?;
    }
    Ok(())
}

/// Why `path` cannot be created in `dir`, in terms of the file asked for: the temporary file's
/// name, which tempfile's error ends with (`at path ".../.feedlint-XXXX.tmp"`), means nothing to
/// the user.
fn cannot_create(path: &Path, dir: &Path, e: &std::io::Error) -> Error {
    use std::io::ErrorKind;
    let why = match e.kind() {
        ErrorKind::NotFound => format!("the directory {} does not exist", dir.display()),
        ErrorKind::PermissionDenied => {
            format!("no permission to create files in {}", dir.display())
        }
        _ => {
            let text = e.to_string();
            text.split(" at path ").next().unwrap_or(&text).to_owned()
        }
    };
    Error::input(format!("cannot create {}: {why}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_appears_only_when_committed_and_an_old_one_stays_until_then() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        std::fs::write(&path, "old\n").unwrap();

        let mut out = OutputFile::create(&path).unwrap();
        out.writer().write_all(b"partial\n").unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );

        let mut out = OutputFile::create(&path).unwrap();
        out.writer().write_all(b"new\n").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let fresh = dir.path().join("fresh.csv");
        drop(OutputFile::create(&fresh).unwrap());
        assert!(!fresh.exists());
    }

    #[test]
    fn a_directory_that_does_not_exist_is_an_input_error_naming_the_file() {
        let e = OutputFile::create(Path::new("/no/such/dir/out.csv"))
            .err()
            .unwrap();
        assert_eq!(
            e.message,
            "cannot create /no/such/dir/out.csv: the directory /no/such/dir does not exist"
        );
    }

    #[test]
    fn other_failures_name_the_file_asked_for_not_the_temporary() {
        let dir = tempfile::tempdir().unwrap();
        // A regular file where the directory should be.
        let file = dir.path().join("plain");
        std::fs::write(&file, "").unwrap();
        let e = OutputFile::create(&file.join("out.csv")).err().unwrap();
        assert!(
            e.message.starts_with(&format!(
                "cannot create {}: ",
                file.join("out.csv").display()
            )),
            "{}",
            e.message
        );
        assert!(!e.message.contains(".feedlint-"), "{}", e.message);
    }
}
