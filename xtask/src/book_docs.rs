//! `cargo xtask book-docs [--check]`: the project's book (mdBook, `docs/`) and its links.
//!
//! 1. Every relative link of the Markdown that people read (`README.md`, `ARCHITECTURE.md`,
//!    `CHANGELOG.md` and `docs/*.md`) is checked: its file must exist, and a `#anchor` must
//!    name a heading of that file (as GitHub and mdBook make ids from headings). A link in
//!    `docs/` must stay inside `docs/`, since the built book holds nothing else, and every
//!    page of `docs/` must be a chapter of `docs/SUMMARY.md`. mdBook itself does not fail on
//!    a broken relative link, so this check is what makes one fail the build.
//! 2. Without `--check`, mdBook [`MDBOOK_VERSION`] is installed into `target/tools/` (once:
//!    `cargo install --locked`, a few minutes) and builds the book into `target/book/`,
//!    failing on any error or warning it prints. With `--check` nothing is installed or
//!    written.

use std::collections::{BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::book::workspace_root;

/// The mdBook release the book is built with (installed into `target/tools/`).
pub const MDBOOK_VERSION: &str = "0.5.3";

/// Checks the links; unless `check`, also installs mdBook when missing and builds the book.
pub fn run(check: bool) -> Result<()> {
    let root = workspace_root();
    let problems = check_links(&root)?;
    if !problems.is_empty() {
        for problem in &problems {
            eprintln!("{problem}");
        }
        bail!("{} problem(s) with the docs' links (above)", problems.len());
    }
    eprintln!("== links: every relative link and anchor resolves");
    if check {
        return Ok(());
    }
    let mdbook = install_mdbook(&root)?;
    build(&root, &mdbook)
}

/// The Markdown files whose links are checked, relative to the workspace root.
fn checked_files(root: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md"]
        .iter()
        .map(PathBuf::from)
        .filter(|file| root.join(file).is_file())
        .collect();
    let mut docs = Vec::new();
    for entry in std::fs::read_dir(root.join("docs")).context("reading docs/")? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "md") {
            let name = path.file_name().context("a docs file without a name")?;
            docs.push(Path::new("docs").join(name));
        }
    }
    docs.sort();
    files.extend(docs);
    Ok(files)
}

/// Every broken link, as `file:line: message`.
pub fn check_links(root: &Path) -> Result<Vec<String>> {
    let files = checked_files(root)?;
    let mut anchors: HashMap<PathBuf, BTreeSet<String>> = HashMap::new();
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root.join(file))
            .with_context(|| format!("reading {}", file.display()))?;
        let in_docs = file.starts_with("docs");
        for link in links(&text) {
            let at = format!("{}:{}", file.display(), link.line);
            if let Err(problem) = check_link(root, file, in_docs, &link.target, &mut anchors) {
                problems.push(format!("{at}: ({}) {problem}", link.target));
            }
        }
    }
    problems.extend(summary_problems(root, &files)?);
    Ok(problems)
}

/// Checks one link target of `file` (relative to the root).
fn check_link(
    root: &Path,
    file: &Path,
    in_docs: bool,
    target: &str,
    anchors: &mut HashMap<PathBuf, BTreeSet<String>>,
) -> std::result::Result<(), String> {
    if target.is_empty() {
        return Err("empty link".into());
    }
    if has_scheme(target) {
        return Ok(());
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let path = path.split_once('?').map_or(path, |(path, _)| path);
    let resolved = if path.is_empty() {
        file.to_path_buf()
    } else if path.starts_with('/') {
        return Err("an absolute path: write it relative to this file".into());
    } else {
        let dir = file.parent().unwrap_or(Path::new(""));
        normalize(&dir.join(percent_decode(path))).ok_or("leaves the repository".to_string())?
    };
    if in_docs && !resolved.starts_with("docs") {
        return Err("leaves docs/, so the built book would not have it: \
                    name the file in code text instead"
            .into());
    }
    let full = root.join(&resolved);
    if !full.exists() {
        return Err(format!("no such file: {}", resolved.display()));
    }
    let Some(anchor) = anchor else {
        return Ok(());
    };
    if full.extension().is_none_or(|ext| ext != "md") {
        return Err("an anchor into a file that is not Markdown".into());
    }
    if !anchors.contains_key(&resolved) {
        let text = std::fs::read_to_string(&full).map_err(|err| format!("reading: {err}"))?;
        anchors.insert(resolved.clone(), heading_ids(&text));
    }
    if anchors[&resolved].contains(anchor) {
        Ok(())
    } else {
        Err(format!(
            "{} has no heading with the id {anchor:?}",
            resolved.display()
        ))
    }
}

/// Every page of `docs/` is a chapter of `docs/SUMMARY.md`, and every chapter exists.
fn summary_problems(root: &Path, files: &[PathBuf]) -> Result<Vec<String>> {
    let summary = root.join("docs/SUMMARY.md");
    let text = std::fs::read_to_string(&summary).context("reading docs/SUMMARY.md")?;
    let chapters: BTreeSet<PathBuf> = links(&text)
        .into_iter()
        .filter(|link| !has_scheme(&link.target))
        .filter_map(|link| normalize(&Path::new("docs").join(&link.target)))
        .collect();
    let mut problems = Vec::new();
    for file in files.iter().filter(|file| file.starts_with("docs")) {
        if file.ends_with("SUMMARY.md") {
            continue;
        }
        if !chapters.contains(file) {
            problems.push(format!(
                "{}: not a chapter of docs/SUMMARY.md, so the book leaves it out",
                file.display()
            ));
        }
    }
    Ok(problems)
}

/// A link found in Markdown: its target and 1-based line.
#[derive(Debug, PartialEq)]
struct Link {
    target: String,
    line: usize,
}

/// The inline links and images (`[text](target)`, `![alt](target)`) and reference
/// definitions (`[label]: target`) of Markdown text, outside fenced code blocks and code
/// spans.
fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    let mut fence: Option<&str> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(marker) = fence {
            if trimmed.starts_with(marker) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") {
            fence = Some("```");
            continue;
        }
        if trimmed.starts_with("~~~") {
            fence = Some("~~~");
            continue;
        }
        let code_free = strip_code_spans(line);
        if let Some(target) = reference_definition(&code_free) {
            found.push(Link {
                target,
                line: index + 1,
            });
            continue;
        }
        let mut rest = code_free.as_str();
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = closing_paren(after) else {
                break;
            };
            let target = link_destination(&after[..end]);
            found.push(Link {
                target,
                line: index + 1,
            });
            rest = &after[end..];
        }
    }
    found
}

/// `line` with every code span (`` `...` ``) blanked out.
fn strip_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c != '`' {
            out.push(c);
            continue;
        }
        let mut ticks = 1;
        while chars.peek().is_some_and(|&(_, c)| c == '`') {
            chars.next();
            ticks += 1;
        }
        let opener = "`".repeat(ticks);
        let from = at + ticks;
        match line[from..].find(&opener) {
            Some(len) => {
                out.push_str(&" ".repeat(len + 2 * ticks));
                let end = from + len + ticks;
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
            }
            None => out.push_str(&opener),
        }
    }
    out
}

/// The target of a reference definition line, `[label]: target "title"`.
fn reference_definition(line: &str) -> Option<String> {
    let trimmed = line.trim_start();
    if line.len() - trimmed.len() > 3 || !trimmed.starts_with('[') || trimmed.starts_with("[^") {
        return None;
    }
    let close = trimmed.find("]:")?;
    if trimmed[1..close].contains(']') {
        return None;
    }
    let target = trimmed[close + 2..].trim();
    (!target.is_empty()).then(|| link_destination(target))
}

/// Where the `(` opened just before `text` closes (nested parentheses balanced).
fn closing_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(at),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The destination of a link's parenthesised part, without `<...>` or a title.
fn link_destination(inside: &str) -> String {
    let inside = inside.trim();
    if let Some(rest) = inside.strip_prefix('<') {
        return rest.split('>').next().unwrap_or("").to_string();
    }
    inside.split_whitespace().next().unwrap_or("").to_string()
}

/// Whether a target is a URL with a scheme (`https:`, `mailto:`), not a path.
fn has_scheme(target: &str) -> bool {
    match target.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// `%20` and the like decoded (link paths with spaces).
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%'
            && let Some(&[high, low]) = bytes.get(at + 1..at + 3)
            && let (Some(high), Some(low)) = (hex(high), hex(low))
        {
            out.push(high * 16 + low);
            at += 3;
            continue;
        }
        out.push(bytes[at]);
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of one hexadecimal digit.
fn hex(digit: u8) -> Option<u8> {
    (digit as char)
        .to_digit(16)
        .and_then(|value| u8::try_from(value).ok())
}

/// `path` with `.` and `..` resolved, or `None` if it climbs above its start.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(part) => out.push(part),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// The ids of a Markdown file's ATX headings (outside fenced code), as GitHub and mdBook
/// make them: lower case, markup dropped, spaces to `-`, only letters, digits, `-` and `_`
/// kept; a repeated id gets `-1`, `-2`, ...
fn heading_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut in_fence = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let rest = &trimmed[hashes..];
        if !(rest.is_empty() || rest.starts_with(' ')) {
            continue;
        }
        let id = slug(rest.trim().trim_end_matches('#').trim());
        let count = seen.entry(id.clone()).or_insert(0);
        if *count == 0 {
            ids.insert(id);
        } else {
            ids.insert(format!("{id}-{count}"));
        }
        *count += 1;
    }
    ids
}

/// A heading's id: link text kept and link targets dropped, then lower case with spaces as
/// `-` and only alphanumerics, `-` and `_` kept.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    while let Some(start) = rest.find("](") {
        text.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match closing_paren(after) {
            Some(end) => rest = &after[end + 1..],
            None => {
                rest = after;
                break;
            }
        }
    }
    text.push_str(rest);
    text.chars()
        .filter_map(|c| {
            if c.is_whitespace() {
                Some('-')
            } else if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c)
            } else {
                None
            }
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// `target/tools/bin/mdbook` at [`MDBOOK_VERSION`], installed first when missing.
fn install_mdbook(root: &Path) -> Result<PathBuf> {
    let tools = root.join("target/tools");
    let mdbook = tools.join("bin/mdbook");
    let wanted = format!("v{MDBOOK_VERSION}");
    let installed = Command::new(&mdbook)
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).contains(&wanted))
        .unwrap_or(false);
    if installed {
        return Ok(mdbook);
    }
    eprintln!("== installing mdBook {MDBOOK_VERSION} into target/tools (once; a few minutes)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(root)
        .args(["install", "mdbook", "--locked", "--version", MDBOOK_VERSION])
        .args([
            "--no-default-features",
            "--features",
            "search",
            "--force",
            "--root",
        ])
        .arg(&tools)
        .status()
        .with_context(|| format!("running {}", cargo.to_string_lossy()))?;
    if !status.success() {
        bail!("cargo install mdbook {MDBOOK_VERSION} failed ({status})");
    }
    Ok(mdbook)
}

/// `mdbook build docs` into `target/book/`, failing on an error or a warning.
fn build(root: &Path, mdbook: &Path) -> Result<()> {
    let out = root.join("target/book");
    eprintln!("== mdbook build docs -> target/book");
    let output = Command::new(mdbook)
        .current_dir(root)
        .arg("build")
        .arg("docs")
        .arg("--dest-dir")
        .arg(&out)
        .output()
        .with_context(|| format!("running {}", mdbook.display()))?;
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    eprint!("{log}");
    if !output.status.success() {
        bail!("mdbook build failed ({})", output.status);
    }
    if log.contains("WARN") || log.contains("ERROR") {
        bail!("mdbook build printed a warning or an error (above)");
    }
    eprintln!("== the book: {}", out.join("index.html").display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_links_outside_code() {
        let text = "See [a](a.md) and ![b](img/b.svg \"title\").\n\
                    `[not](code.md)` [c](<c d.md>)\n\
                    ```\n[fenced](no.md)\n```\n\
                    [ref]: ref.md#part\n\
                    [x](https://example.com/(y))";
        let targets: Vec<String> = links(text).into_iter().map(|link| link.target).collect();
        assert_eq!(
            targets,
            [
                "a.md",
                "img/b.svg",
                "c d.md",
                "ref.md#part",
                "https://example.com/(y)"
            ]
        );
    }

    #[test]
    fn heading_ids_follow_github_and_mdbook() {
        let text = "# Results\n## Matches against external programs (`bitgames match`)\n\
                    ### 2026-11-27, first weights (commit 012bfb0, from scratch)\n\
                    #50-#52 is not a heading\n## Results\n```\n# not a heading\n```\n\
                    ## A [link](x.md) inside";
        let ids = heading_ids(text);
        let expected = [
            "results",
            "matches-against-external-programs-bitgames-match",
            "2026-11-27-first-weights-commit-012bfb0-from-scratch",
            "results-1",
            "a-link-inside",
        ];
        assert_eq!(ids, expected.iter().map(|id| id.to_string()).collect());
    }

    #[test]
    fn schemes_and_paths() {
        assert!(has_scheme("https://x"));
        assert!(has_scheme("mailto:a@b"));
        assert!(!has_scheme("docs/a.md"));
        assert!(!has_scheme("#anchor"));
        assert_eq!(
            normalize(Path::new("docs/../README.md")),
            Some("README.md".into())
        );
        assert_eq!(normalize(Path::new("../x")), None);
        assert_eq!(percent_decode("a%20b.md"), "a b.md");
    }

    #[test]
    fn the_workspace_docs_have_no_broken_link() {
        let problems = check_links(&workspace_root()).unwrap();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
