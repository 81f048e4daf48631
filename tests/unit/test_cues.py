"""Cue readers for personalised instructions: canonical names out, word edges in Latin text only,
someone else's or a negated need is not the user's."""

from __future__ import annotations

import pytest

from parsers.cues import accessibility_needs, deploy_targets, tech


@pytest.mark.parametrize(
    ("text", "languages", "tools"),
    [
        ("How do I sort a dict by value in Python?", ["Python"], []),
        ("Python里怎么写多线程？", ["Python"], []),
        ("Is javascript faster than java?", ["JavaScript", "Java"], []),
        ("我用Go语言写服务", ["Go"], []),
        ("let us go there tomorrow", [], []),
        ("c++ templates and C# async", ["C++", "C#"], []),
        ("阿里云上部署Docker容器的步骤是什么？", [], ["Docker"]),
        ("Are you ready?", [], []),
    ],
)
def test_tech(text: str, languages: list[str], tools: list[str]) -> None:
    assert tech(text) == (languages, tools)


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("How should I deploy my Flask app to AWS?", ["AWS"]),
        ("我的项目怎么部署到阿里云ECS？", ["阿里云"]),
        ("部署到腾讯云要多久", ["腾讯云"]),
        ("What does AWS cost?", []),  # not about deploying
        ("阿里云的股票怎么样", []),
    ],
)
def test_deploy_targets(text: str, targets: list[str]) -> None:
    assert deploy_targets(text) == targets


@pytest.mark.parametrize(
    ("text", "needs"),
    [
        ("I use a wheelchair, so I need step-free access", ["wheelchair"]),
        ("我坐轮椅", ["wheelchair"]),
        ("我是色盲", ["color_blind"]),
        ("I'm hard of hearing", ["hearing"]),
        ("我妈妈坐轮椅", []),
        ("My father is colour-blind", []),
        ("I don't need a wheelchair anymore", []),
        ("我不需要轮椅", []),
    ],
)
def test_accessibility_needs(text: str, needs: list[str]) -> None:
    assert accessibility_needs(text) == needs
