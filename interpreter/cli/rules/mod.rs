//! `holechess rules VARIANT [--json]`: what a variant is, generated from its resolved script
//! (after `extends` and `include`): in words, or as JSON with a stable schema
//! (docs/rules-json.md).

mod hands;
mod schema;
mod words;

use crate::commands::Outcome;

pub fn run(variant: &str, json: bool) -> Result<Outcome, String> {
    let rules = crate::commands::load_rules(variant)?;
    let resolved = schema::of(&rules.loaded);
    if json {
        let text = serde_json::to_string_pretty(&resolved).map_err(|e| format!("cannot write the rules: {e}"))?;
        println!("{text}");
    } else {
        // A script's title, summary and names may hold control characters: shown escaped.
        print!("{}", crate::terminal_text::escaped(&words::describe(&resolved)));
    }
    Ok(Outcome::Ok)
}
