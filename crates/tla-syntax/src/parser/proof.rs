//! Theorems and hierarchical proofs: SANY's `Theorem`, `AssumeProve`, `Proof`, `Step` and
//! `UseOrHideOrBy`. Proofs are parsed and kept so that modules with TLAPS proofs parse as SANY
//! parses them; `tla-sema` resolves the names in them (`proofs.rs`).

use super::{Next, ParseResult, Parser};
use crate::ast::{
    Declaration, DeclarationShape, Expr, ExprKind, Name, Proof, ProofStep, ProofStepKind, Theorem,
    Unit, UseOrHide,
};
use crate::token::{Keyword, TokenKind};

/// SANY's `MaxProofDepth`: a module may nest at most this many proofs inside one another.
pub const MAX_PROOF_NESTING_DEPTH: usize = 100;

impl Parser<'_> {
    /// `THEOREM [Name ==] (ASSUME ... PROVE ... | e) [proof]`.
    pub(crate) fn theorem(&mut self) -> ParseResult<Unit> {
        let start = self.bump()?;
        let mut name = None;
        if self.at(TokenKind::Identifier) && self.kind_at(1) == TokenKind::DefEq {
            name = Some(self.expect_identifier("Identifier")?);
            self.bump()?;
        }
        self.mark_next_definition();
        let body = self.assertion()?;
        let proof = if self.begins_proof() { Some(self.proof()?) } else { None };
        Ok(Unit::Theorem(Theorem { name, body, proof, span: self.span_from(start.span) }))
    }

    /// An `ASSUME ... PROVE ...` or an expression.
    fn assertion(&mut self) -> ParseResult<Expr> {
        if self.at_assume() {
            return self.assume_prove();
        }
        self.expression()
    }

    fn at_assume(&self) -> bool {
        matches!(self.next(), Next::Token(TokenKind::Keyword(Keyword::Assume | Keyword::BoxAssume)))
            || (self.kind_at(1) == TokenKind::ColonColon
                && matches!(
                    self.kind_at(2),
                    TokenKind::Keyword(Keyword::Assume | Keyword::BoxAssume)
                ))
    }

    fn assume_prove(&mut self) -> ParseResult<Expr> {
        let start = self.token().span;
        if self.at(TokenKind::Identifier) {
            let label = self.expect_identifier("Identifier")?;
            self.expect(TokenKind::ColonColon, "::")?;
            let body = self.assume_prove()?;
            let span = self.span_from(start);
            let kind =
                ExprKind::Label { name: label, parameters: Vec::new(), body: Box::new(body) };
            return Ok(Expr::new(kind, span));
        }
        self.bump()?;
        let mut assumptions = vec![self.assumption_item()?];
        while self.eat(TokenKind::Comma)? {
            assumptions.push(self.assumption_item()?);
        }
        match self.next() {
            Next::Token(TokenKind::Keyword(Keyword::Prove | Keyword::BoxProve)) => {
                self.bump()?;
            }
            _ => return Err(self.unexpected("PROVE")),
        }
        let conclusion = self.expression()?;
        let kind = ExprKind::AssumeProve { assumptions, conclusion: Box::new(conclusion) };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    fn assumption_item(&mut self) -> ParseResult<Expr> {
        if self.at_assume() {
            return self.assume_prove();
        }
        if self.at_new_symbol() {
            return self.new_symbol();
        }
        self.expression()
    }

    fn at_new_symbol(&self) -> bool {
        match self.next() {
            Next::Token(TokenKind::Keyword(
                Keyword::New
                | Keyword::Constant
                | Keyword::Variable
                | Keyword::State
                | Keyword::Action
                | Keyword::Temporal,
            )) => true,
            _ => false,
        }
    }

    /// `NEW x \in S`, `NEW CONSTANT F(_)`, `NEW VARIABLE v`, `NEW ACTION A`, ...
    fn new_symbol(&mut self) -> ParseResult<Expr> {
        let start = self.token().span;
        self.eat(TokenKind::Keyword(Keyword::New))?;
        if matches!(
            self.next(),
            Next::Token(TokenKind::Keyword(
                Keyword::Constant
                    | Keyword::Variable
                    | Keyword::State
                    | Keyword::Action
                    | Keyword::Temporal,
            ))
        ) {
            self.bump()?;
        }
        let declaration_start = self.token().span;
        let declaration = if self.at(TokenKind::Identifier) {
            let name = self.expect_identifier("Identifier")?;
            let mut arity = 0;
            if self.at(TokenKind::LeftParen) && self.kind_at(1) == TokenKind::Underscore {
                self.bump()?;
                self.expect(TokenKind::Underscore, "_")?;
                arity = 1;
                while self.eat(TokenKind::Comma)? {
                    self.expect(TokenKind::Underscore, "_")?;
                    arity += 1;
                }
                self.expect(TokenKind::RightParen, ")")?;
            }
            Declaration {
                name,
                shape: DeclarationShape::Operator { arity },
                span: self.span_from(declaration_start),
            }
        } else {
            return Err(self.unexpected("Identifier"));
        };
        let set = if self.operator_canonical() == Some("\\in") {
            self.bump()?;
            Some(Box::new(self.expression()?))
        } else {
            None
        };
        Ok(Expr::new(ExprKind::NewSymbol { declaration, set }, self.span_from(start)))
    }

    /// Whether a proof starts at the next token (SANY's `beginsProof`).
    pub(crate) fn begins_proof(&self) -> bool {
        match self.next() {
            Next::Token(TokenKind::Keyword(
                Keyword::Proof | Keyword::By | Keyword::Obvious | Keyword::Omitted,
            )) => true,
            Next::Token(
                TokenKind::ProofStep
                | TokenKind::ProofStepDot
                | TokenKind::ProofLevel
                | TokenKind::UnnumberedStep,
            ) => match self.proof_levels.last() {
                None => {
                    !matches!(self.step_level(), StepLevel::Star) || self.proof_levels.is_empty()
                }
                Some(current) => match self.step_level() {
                    StepLevel::Plus => true,
                    StepLevel::Star => false,
                    StepLevel::Number(level) => current.is_some_and(|current| level > current),
                },
            },
            _ => false,
        }
    }

    fn step_level(&self) -> StepLevel {
        let text = self.text_of(self.token());
        let inner = text.trim_start_matches('<');
        match inner.as_bytes().first() {
            Some(b'+') => StepLevel::Plus,
            Some(b'*') => StepLevel::Star,
            _ => StepLevel::Number(
                inner.split('>').next().and_then(|digits| digits.parse().ok()).unwrap_or(0),
            ),
        }
    }

    /// SANY's `Proof`: a terminal proof, or steps ending with a QED step.
    /// SANY counts every proof, terminal ones included, and rejects the 101st nested one.
    pub(crate) fn proof(&mut self) -> ParseResult<Proof> {
        if self.proof_levels.len() >= MAX_PROOF_NESTING_DEPTH {
            let span = self.token().span;
            let message = format!("Proofs nested more than {MAX_PROOF_NESTING_DEPTH}deep.");
            return Err(self.error_at(crate::diagnostics::INVALID_SYNTAX, span, message));
        }
        self.enter()?;
        self.proof_levels.push(None);
        let res = self.proof_body();
        self.proof_levels.pop();
        self.leave();
        res
    }

    /// SANY's `correctLevel`: the first step of a proof sets its level, which must be deeper than
    /// the enclosing proof's; every later step must have that level.
    fn step_has_correct_level(&mut self) -> bool {
        let enclosing = match self.proof_levels.len() {
            0 | 1 => None,
            n => self.proof_levels[n - 2],
        };
        let next_level = enclosing.map_or(0, |level| level + 1);
        let step_level = self.step_level();
        let Some(current) = self.proof_levels.last_mut() else { return true };
        match (step_level, *current) {
            (StepLevel::Star, None) | (StepLevel::Plus, None) => {
                *current = Some(next_level);
                true
            }
            (StepLevel::Star, Some(_)) => true,
            (StepLevel::Plus, Some(_)) => false,
            (StepLevel::Number(level), None) => {
                *current = Some(level);
                enclosing.is_none_or(|enclosing| level > enclosing)
            }
            (StepLevel::Number(level), Some(current)) => level == current,
        }
    }

    fn proof_body(&mut self) -> ParseResult<Proof> {
        let by_follows = self.at_keyword(Keyword::By)
            || (self.at_keyword(Keyword::Proof)
                && self.kind_at(1) == TokenKind::Keyword(Keyword::By));
        if by_follows {
            self.eat(TokenKind::Keyword(Keyword::Proof))?;
            return Ok(Proof::By(self.use_or_hide()?));
        }
        let terminal = matches!(
            (self.kind_at(0), self.kind_at(1)),
            (TokenKind::Keyword(Keyword::Obvious | Keyword::Omitted), _)
                | (
                    TokenKind::Keyword(Keyword::Proof),
                    TokenKind::Keyword(Keyword::Obvious | Keyword::Omitted)
                )
        );
        if terminal {
            self.eat(TokenKind::Keyword(Keyword::Proof))?;
            let token = self.bump()?;
            return Ok(if token.kind == TokenKind::Keyword(Keyword::Obvious) {
                Proof::Obvious(token.span)
            } else {
                Proof::Omitted(token.span)
            });
        }
        self.eat(TokenKind::Keyword(Keyword::Proof))?;
        let mut steps = Vec::new();
        loop {
            let is_qed = self.kind_at(1) == TokenKind::Keyword(Keyword::Qed);
            let step = self.step()?;
            steps.push(step);
            if is_qed {
                return Ok(Proof::Steps(steps));
            }
        }
    }

    fn step(&mut self) -> ParseResult<ProofStep> {
        let start = self.token();
        let label = match self.next() {
            Next::Token(
                TokenKind::ProofStep
                | TokenKind::ProofStepDot
                | TokenKind::ProofLevel
                | TokenKind::UnnumberedStep,
            ) => {
                if !self.step_has_correct_level() {
                    let span = self.token().span;
                    let message = format!("{}: step's number has bad level.", self.location(span));
                    return Err(self.error_at(crate::diagnostics::INVALID_SYNTAX, span, message));
                }
                let token = self.bump()?;
                Some(self.name_of(token))
            }
            _ => return Err(self.unexpected("a proof step")),
        };
        let mut takes_proof = true;
        let kind = match self.next() {
            Next::Token(TokenKind::Keyword(Keyword::Qed)) => {
                self.bump()?;
                ProofStepKind::Qed
            }
            Next::Token(TokenKind::Keyword(Keyword::Use | Keyword::Hide)) => {
                takes_proof = false;
                ProofStepKind::UseOrHide(self.use_or_hide()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Define)) => {
                self.bump()?;
                takes_proof = false;
                self.proof_definitions()?
            }
            Next::Token(TokenKind::Keyword(Keyword::Instance)) => {
                takes_proof = false;
                ProofStepKind::Instance(self.instance(false)?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Have)) => {
                self.bump()?;
                takes_proof = false;
                ProofStepKind::Have(self.expression()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Take)) => {
                self.bump()?;
                takes_proof = false;
                ProofStepKind::Take(self.take_bounds()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Witness)) => {
                self.bump()?;
                takes_proof = false;
                let mut witnesses = vec![self.expression()?];
                while self.eat(TokenKind::Comma)? {
                    witnesses.push(self.expression()?);
                }
                ProofStepKind::Witness(witnesses)
            }
            Next::Token(TokenKind::Keyword(Keyword::Pick)) => {
                self.bump()?;
                let bounds = self.take_bounds()?;
                self.expect(TokenKind::Colon, ":")?;
                let body = self.expression()?;
                ProofStepKind::Pick { bounds, body }
            }
            Next::Token(TokenKind::Keyword(Keyword::Case)) => {
                self.bump()?;
                ProofStepKind::Case(self.expression()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Suffices)) => {
                self.bump()?;
                ProofStepKind::Suffices(self.assertion()?)
            }
            Next::DefinitionBreak => {
                takes_proof = false;
                self.proof_definitions()?
            }
            _ => ProofStepKind::Assert(self.assertion()?),
        };
        let proof = if takes_proof && self.begins_proof() { Some(self.proof()?) } else { None };
        Ok(ProofStep { label, kind, proof, span: self.span_from(start.span) })
    }

    fn proof_definitions(&mut self) -> ParseResult<ProofStepKind> {
        let mut definitions = vec![self.definition()?];
        while self.at_definition_start() {
            definitions.push(self.definition()?);
        }
        Ok(ProofStepKind::Define(definitions))
    }

    /// The bounds of `TAKE` and `PICK`: bounded groups, or plain names.
    fn take_bounds(&mut self) -> ParseResult<Vec<crate::ast::BoundGroup>> {
        let unbounded = self.at(TokenKind::Identifier)
            && !matches!(self.kind_at(1), TokenKind::Operator(_) | TokenKind::Comma)
            || (self.at(TokenKind::Identifier)
                && self.kind_at(1) == TokenKind::Comma
                && !self.bounded_names_follow());
        if unbounded {
            let names = self.identifier_list()?;
            let span = names.iter().fold(names[0].span, |acc, name| acc.cover(name.span));
            let pattern = crate::ast::BoundPattern::Names(names);
            return Ok(vec![crate::ast::BoundGroup { pattern, set: None, span }]);
        }
        let mut bounds = vec![self.quantifier_bound()?];
        while self.eat(TokenKind::Comma)? {
            bounds.push(self.quantifier_bound()?);
        }
        Ok(bounds)
    }

    fn bounded_names_follow(&self) -> bool {
        let mut idx = 0;
        while self.kind_at(idx) == TokenKind::Identifier
            && self.kind_at(idx + 1) == TokenKind::Comma
        {
            idx += 2;
        }
        matches!(self.kind_at(idx + 1), TokenKind::Operator(_))
    }

    /// SANY's `UseOrHideOrBy`: `USE/HIDE/BY [ONLY] facts [DEF names]`.
    pub(crate) fn use_or_hide(&mut self) -> ParseResult<UseOrHide> {
        let start = self.bump()?;
        let hide = start.kind == TokenKind::Keyword(Keyword::Hide);
        let only = self.eat(TokenKind::Keyword(Keyword::Only))?;
        let mut facts = Vec::new();
        if !self.at_keyword(Keyword::Def) && self.can_start_fact() {
            facts.push(self.fact()?);
            while self.eat(TokenKind::Comma)? {
                facts.push(self.fact()?);
            }
        }
        let mut definitions = Vec::new();
        if self.eat(TokenKind::Keyword(Keyword::Def))? {
            definitions.push(self.fact()?);
            while self.eat(TokenKind::Comma)? {
                definitions.push(self.fact()?);
            }
        }
        Ok(UseOrHide { hide, only, facts, definitions, span: self.span_from(start.span) })
    }

    fn can_start_fact(&self) -> bool {
        !matches!(
            self.next(),
            Next::DefinitionBreak
                | Next::Token(
                    TokenKind::Eof
                        | TokenKind::EndModule
                        | TokenKind::Separator
                        | TokenKind::BeginModule
                        | TokenKind::ProofStepDot
                        | TokenKind::ProofLevel
                        | TokenKind::UnnumberedStep
                        | TokenKind::Keyword(
                            Keyword::Theorem
                                | Keyword::Proposition
                                | Keyword::Assumption
                                | Keyword::Assume
                                | Keyword::Constant
                                | Keyword::Variable
                                | Keyword::Recursive
                                | Keyword::Use
                                | Keyword::Hide
                                | Keyword::Local
                                | Keyword::Instance
                        )
                )
        )
    }

    /// A fact or definition name: `MODULE M`, an operator symbol, or an expression.
    fn fact(&mut self) -> ParseResult<Expr> {
        if self.at_keyword(Keyword::Module) {
            let start = self.bump()?;
            let name: Name = self.expect_identifier("Identifier")?;
            let segment = crate::ast::NameSegment {
                arguments_span: None,
                selector: crate::ast::Selector::Name(name.text),
                arguments: Vec::new(),
                span: name.span,
            };
            return Ok(Expr::new(ExprKind::Name(vec![segment]), self.span_from(start.span)));
        }
        self.operator_or_expression()
    }
}

enum StepLevel {
    Number(u32),
    Plus,
    Star,
}
